import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';

/** A screenshot stored by the engine, fetched by artifact id. */
export function ArtifactImage({ artifactId, alt }: { artifactId: string; alt: string }) {
  const q = useQuery({
    queryKey: ['artifact', artifactId],
    queryFn: () => call('artifacts.image', { artifactId }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!q.data) return null;
  return <img className="shot" src={`data:${q.data.mime};base64,${q.data.dataBase64}`} alt={alt} loading="lazy" />;
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call } from '../api/client.ts';
import { useT } from '../i18n/use-t.ts';

/** A stored screenshot shown large; a click opens it at full size in a dialog (Escape or Close shuts it). */
export function ZoomableImage({ artifactId, alt }: { artifactId: string; alt: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const q = useQuery({
    queryKey: ['artifact', artifactId],
    queryFn: () => call('artifacts.image', { artifactId }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  if (!q.data) return <div className="shot-missing">{t('common.loading')}</div>;
  const src = `data:${q.data.mime};base64,${q.data.dataBase64}`;
  return (
    <>
      <button type="button" className="zoom" onClick={() => setOpen(true)} aria-label={t('logs.zoom', { what: alt })}>
        <img className="shot-large" src={src} alt={alt} />
      </button>
      <dialog ref={dialog} className="zoomed" aria-label={alt} onClose={() => setOpen(false)}>
        <img src={src} alt={alt} />
        <button type="button" onClick={() => setOpen(false)}>
          {t('logs.close')}
        </button>
      </dialog>
    </>
  );
}

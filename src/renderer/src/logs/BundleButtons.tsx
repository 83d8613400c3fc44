import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef } from 'react';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';

/** Export the selected session as a bundle file; import a bundle (it then appears in the list). */
export function BundleButtons({ sessionId }: { sessionId: string | undefined }) {
  const t = useT();
  const qc = useQueryClient();
  const select = useUi((s) => s.selectSession);
  const file = useRef<HTMLInputElement>(null);
  const exportBundle = useMutation({
    mutationFn: () => call('logs.export', { sessionId: sessionId as string }),
    onSuccess: ({ fileName, bundle }) => {
      const url = URL.createObjectURL(new Blob([bundle], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      URL.revokeObjectURL(url);
    },
  });
  const importBundle = useMutation({
    mutationFn: async (f: File) => call('logs.import', { bundle: await f.text() }),
    onSuccess: ({ sessionId: id }) => {
      void qc.invalidateQueries({ queryKey: ['sessions'] });
      select(id);
    },
  });
  const error = exportBundle.error ?? importBundle.error;
  return (
    <div className="row bundle">
      <button type="button" disabled={!sessionId} onClick={() => exportBundle.mutate()}>
        {t('logs.export')}
      </button>
      <label className="button" htmlFor="bundle-file">
        {t('logs.import')}
      </label>
      <input
        id="bundle-file"
        ref={file}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const f = e.target.files?.[0];
          if (f) importBundle.mutate(f);
          if (file.current) file.current.value = '';
        }}
      />
      {importBundle.data && <span role="status">{t('logs.imported', { id: importBundle.data.sessionId })}</span>}
      {error instanceof EngineError && <ErrorBox error={error.value} />}
    </div>
  );
}

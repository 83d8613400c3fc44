import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef } from 'react';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { useT } from '../i18n/use-t.ts';

/** One file as base64, for the host. */
function read(file: File): Promise<{ name: string; dataBase64: string }> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve({ name: file.name, dataBase64: String(r.result).replace(/^data:[^,]*,/, '') });
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** The page asked for a file: the person picks it here and it goes into the page's file field. */
export function FilePrompt({ multiple, onDone }: { multiple: boolean; onDone: () => void }) {
  const t = useT();
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => picker.current?.focus(), []);
  const send = useMutation({
    mutationFn: async (files: File[]) => call('browser.chooseFiles', { files: await Promise.all(files.map(read)) }),
    onSuccess: onDone,
  });
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    if (files.length) send.mutate(files);
  };
  return (
    <fieldset className="file-prompt" data-testid="file-prompt">
      <legend id="file-prompt-title">{t('browser.filePrompt')}</legend>
      <input ref={picker} type="file" multiple={multiple} onChange={picked} aria-labelledby="file-prompt-title" data-testid="file-picker" />
      <button type="button" onClick={onDone}>
        {t('browser.fileCancel')}
      </button>
      {send.error instanceof EngineError && <ErrorBox error={send.error.value} />}
    </fieldset>
  );
}

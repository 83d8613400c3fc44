import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { Settings, SettingsView } from '../../../shared/ipc/index.ts';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { RiskyConfirm, riskyChangesOf } from '../settings/RiskyConfirm.tsx';
import { useUi } from '../state/ui-store.ts';

const TEXT = {
  en: {
    title: 'Voice (text to speech)',
    help: 'Campaign voice-overs are spoken by this provider (an OpenAI-compatible /audio/speech endpoint). Without it, the script and subtitles are made but no audio.',
    baseUrl: 'Provider address',
    model: 'Model (optional)',
    voice: 'Voice (optional)',
    save: 'Save voice settings',
    saved: 'Saved.',
    key: 'API key for the voice provider',
    keyStored: 'A key is stored.',
    keyNone: 'No key stored.',
    saveKey: 'Save key',
  },
  ko: {
    title: '음성 합성 (TTS)',
    help: '캠페인 보이스오버를 이 제공자(OpenAI 호환 /audio/speech 주소)로 음성 파일로 만들어요. 없으면 스크립트와 자막만 만들고 음성은 만들지 않아요.',
    baseUrl: '제공자 주소',
    model: '모델 (선택)',
    voice: '목소리 (선택)',
    save: '음성 설정 저장',
    saved: '저장했어요.',
    key: '음성 제공자 API 키',
    keyStored: '키가 저장되어 있어요.',
    keyNone: '저장된 키가 없어요.',
    saveKey: '키 저장',
  },
} as const;

type Tts = Settings['tts'];

/** The text-to-speech provider: its address (confirmed before the key is sent there), model, voice and key. */
export function VoiceSettings() {
  const language = useUi((s) => s.language);
  const t = TEXT[language === 'ko' ? 'ko' : 'en'];
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['settings'], queryFn: () => call('settings.get', {}) });
  const [draft, setDraft] = useState<Tts>();
  const [key, setKey] = useState('');
  useEffect(() => {
    if (q.data && !draft) setDraft(q.data.tts ?? {});
  }, [q.data, draft]);
  const save = useMutation({
    mutationFn: ({ tts, confirmed }: { tts: Tts; confirmed?: string[] }) =>
      call('settings.update', { tts, ...(confirmed ? { confirmed } : {}) }),
    onSuccess: (v: SettingsView) => qc.setQueryData(['settings'], v),
  });
  const storeKey = useMutation({
    mutationFn: () => call('settings.setApiKey', { provider: 'tts', key }),
    onSuccess: (v) => {
      setKey('');
      qc.setQueryData(['settings'], v);
    },
  });
  if (!draft || !q.data) return null;
  const risky = save.error instanceof EngineError ? riskyChangesOf(save.error.value) : undefined;
  const clean = (v: Tts): Tts => ({
    ...(v.baseUrl?.trim() ? { baseUrl: v.baseUrl.trim() } : {}),
    ...(v.model?.trim() ? { model: v.model.trim() } : {}),
    ...(v.voice?.trim() ? { voice: v.voice.trim() } : {}),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ tts: clean(draft) });
  };
  const field = (id: 'baseUrl' | 'model' | 'voice', label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`tts-${id}`}>{label}</label>
      <input id={`tts-${id}`} type={type} value={draft[id] ?? ''} onChange={(e) => setDraft({ ...draft, [id]: e.target.value })} />
    </div>
  );
  return (
    <section className="voice-settings" aria-labelledby="tts-title">
      <h3 id="tts-title">{t.title}</h3>
      <p className="muted">{t.help}</p>
      <form onSubmit={submit}>
        {field('baseUrl', t.baseUrl, 'url')}
        {field('model', t.model)}
        {field('voice', t.voice)}
        <button type="submit" disabled={save.isPending}>
          {t.save}
        </button>
        {save.isSuccess && <span role="status">{t.saved}</span>}
        {risky ? (
          <RiskyConfirm
            changes={risky}
            onConfirm={(keys) => save.mutate({ tts: clean(draft), confirmed: keys })}
            onCancel={() => save.reset()}
          />
        ) : (
          save.error instanceof EngineError && <ErrorBox error={save.error.value} />
        )}
      </form>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (key) storeKey.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="tts-key">{t.key}</label>
          <input id="tts-key" type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
        </div>
        <p className="muted">{q.data.apiKeys.tts ? t.keyStored : t.keyNone}</p>
        <button type="submit">{t.saveKey}</button>
        {storeKey.error instanceof EngineError && <ErrorBox error={storeKey.error.value} />}
      </form>
    </section>
  );
}

import { useEffect } from 'react';
import { call } from './api/client.ts';
import { useT } from './i18n/use-t.ts';
import { LabScreen } from './lab/LabScreen.tsx';
import { LogExplorer } from './logs/LogExplorer.tsx';
import { ProfilesScreen } from './profiles/ProfilesScreen.tsx';
import { SettingsScreen } from './settings/SettingsScreen.tsx';
import { type Tab, useUi } from './state/ui-store.ts';
import { WorkScreen } from './WorkScreen.tsx';

const TABS: Tab[] = ['work', 'profiles', 'logs', 'lab', 'settings'];

export function App() {
  const t = useT();
  const tab = useUi((s) => s.tab);
  const setTab = useUi((s) => s.setTab);
  const language = useUi((s) => s.language);
  const setLanguage = useUi((s) => s.setLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  // Without ?lang= in the address, the stored language wins over the browser's.
  useEffect(() => {
    if (new URLSearchParams(location.search).has('lang')) return;
    void call('settings.get', {}).then(
      (s) => setLanguage(s.language),
      () => undefined,
    );
  }, [setLanguage]);
  const switchLanguage = (l: 'ko' | 'en') => {
    setLanguage(l);
    void call('settings.update', { language: l }).catch(() => undefined);
  };
  return (
    <div className="app">
      <header className="topbar">
        <h1>{t('app.title')}</h1>
        <nav aria-label={t('nav.main')}>
          {TABS.map((id) => (
            <button key={id} type="button" aria-current={tab === id ? 'page' : undefined} onClick={() => setTab(id)}>
              {t(`nav.${id}`)}
            </button>
          ))}
        </nav>
        <fieldset className="lang">
          <legend className="visually-hidden">{t('lang.label')}</legend>
          <button type="button" lang="ko" aria-pressed={language === 'ko'} onClick={() => switchLanguage('ko')}>
            한국어
          </button>
          <button type="button" lang="en" aria-pressed={language === 'en'} onClick={() => switchLanguage('en')}>
            English
          </button>
        </fieldset>
      </header>
      {tab === 'work' ? (
        <WorkScreen />
      ) : tab === 'profiles' ? (
        <ProfilesScreen />
      ) : tab === 'logs' ? (
        <LogExplorer />
      ) : tab === 'lab' ? (
        <LabScreen />
      ) : (
        <SettingsScreen />
      )}
    </div>
  );
}

import { create } from 'zustand';
import type { EventFilter, Locale } from '../../../shared/ipc.ts';

export type Tab = 'work' | 'profiles' | 'logs' | 'settings';

interface UiState {
  tab: Tab;
  language: Locale;
  conversationId?: string;
  selectedSessionId?: string;
  filter: EventFilter;
  setTab(tab: Tab): void;
  setLanguage(language: Locale): void;
  setConversation(id: string | undefined): void;
  selectSession(id: string | undefined): void;
  setFilter(filter: EventFilter): void;
}

function initialLanguage(): Locale {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked === 'ko' || asked === 'en') return asked;
  return navigator.language.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

/** UI-only state (what is selected, which tab); engine data lives in TanStack Query. */
export const useUi = create<UiState>((set) => ({
  tab: 'work',
  language: initialLanguage(),
  filter: {},
  setTab: (tab) => set({ tab }),
  setLanguage: (language) => {
    document.documentElement.lang = language;
    set({ language });
  },
  setConversation: (conversationId) => set({ conversationId }),
  selectSession: (selectedSessionId) => set({ selectedSessionId }),
  setFilter: (filter) => set({ filter }),
}));

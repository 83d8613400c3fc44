import { create } from 'zustand';
import type { EventFilter, Locale } from '../../../shared/ipc/index.ts';

export type Tab = 'work' | 'profiles' | 'logs' | 'lab' | 'settings';

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

/** The open conversation survives a reload of the window (the engine keeps the conversation itself). */
const CONVERSATION_KEY = 'steward.conversation';
function storedConversation(): string | undefined {
  try {
    return localStorage.getItem(CONVERSATION_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
function rememberConversation(id: string | undefined): void {
  try {
    if (id) localStorage.setItem(CONVERSATION_KEY, id);
    else localStorage.removeItem(CONVERSATION_KEY);
  } catch {
    // storage may be unavailable (a locked-down profile): the conversation still works, only not across reloads
  }
}

/** UI-only state (what is selected, which tab); engine data lives in TanStack Query. */
export const useUi = create<UiState>((set) => ({
  tab: 'work',
  language: initialLanguage(),
  filter: {},
  ...(storedConversation() ? { conversationId: storedConversation() } : {}),
  setTab: (tab) => set({ tab }),
  setLanguage: (language) => {
    document.documentElement.lang = language;
    set({ language });
  },
  setConversation: (conversationId) => {
    rememberConversation(conversationId);
    set({ conversationId });
  },
  selectSession: (selectedSessionId) => set({ selectedSessionId }),
  setFilter: (filter) => set({ filter }),
}));

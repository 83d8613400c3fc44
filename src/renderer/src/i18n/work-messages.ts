/** The words of the work screen added beside messages.ts (which merges them). */
export const workEn = {
  'chat.history': 'Earlier conversations ({n})',
  'chat.historyNone': 'No earlier conversations.',
} as const;

export const workKo: Record<keyof typeof workEn, string> = {
  'chat.history': '지난 대화 ({n})',
  'chat.historyNone': '지난 대화가 없습니다.',
};

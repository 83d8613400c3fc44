import { useUi } from '../state/ui-store.ts';

/** The strings of the records and hand-off panels, in English and Korean. */
const en = {
  'records.title': 'Records',
  'records.goal': 'Goal',
  'records.noGoal': '(no goal yet)',
  'records.intents': 'Intents',
  'records.slots': 'Slots',
  'records.summaries': 'Summaries',
  'records.none': 'None recorded.',
  'records.confidence': 'confidence',
  'records.missing': 'missing',
  'records.filled': 'filled',
  'records.recommendations': 'recommendations',
  'handoffs.title': 'Hand-offs to support staff',
  'handoffs.open': 'Open the session',
  'handoffs.close': 'Mark as handled',
  'handoffs.request': 'Request',
  'handoffs.conversation': 'Conversation',
  'handoffs.person': 'Person:',
  'handoffs.steward': 'Steward:',
};
export type RecordsKey = keyof typeof en;
const ko: Record<RecordsKey, string> = {
  'records.title': '기록',
  'records.goal': '목표',
  'records.noGoal': '(아직 목표 없음)',
  'records.intents': '의도',
  'records.slots': '슬롯',
  'records.summaries': '요약',
  'records.none': '기록 없음.',
  'records.confidence': '확신도',
  'records.missing': '비어 있음',
  'records.filled': '채워짐',
  'records.recommendations': '추천',
  'handoffs.title': '상담 직원 이관',
  'handoffs.open': '세션 열기',
  'handoffs.close': '처리 완료로 표시',
  'handoffs.request': '요청 내용',
  'handoffs.conversation': '대화',
  'handoffs.person': '사용자:',
  'handoffs.steward': 'Steward:',
};

/** The translate function of these panels for the current language; `{name}` placeholders are filled. */
export function useRecordsT(): (key: RecordsKey, vars?: Record<string, string | number>) => string {
  const language = useUi((s) => s.language);
  const table = language === 'ko' ? ko : en;
  return (key, vars) => {
    let s: string = table[key];
    for (const [k, v] of Object.entries(vars ?? {})) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}

import { useUi } from '../state/ui-store.ts';

/** The settings screen's own words (sites, help for the model's address and policy rules), in Korean and English. */
const TEXTS = {
  sites: { ko: '작업별 사이트', en: 'Sites per task' },
  sitesHelp: {
    ko: '검색·예약·양식 작업을 실행할 사이트를 고르세요. 레시피가 없는 사이트는 페이지를 직접 읽고 조작해요. 대화에서 "https://… 에서 찾아줘"나 "이 페이지에서 …"라고 말해도 돼요.',
    en: 'Choose the sites each task runs on. A site with no built-in recipe is read and worked page by page. You can also say "search flights on https://…" or "on this page …" in the chat.',
  },
  pack_flights: { ko: '항공권', en: 'Flights' },
  pack_hotels: { ko: '숙소', en: 'Hotels' },
  pack_shopping: { ko: '쇼핑', en: 'Shopping' },
  pack_forms: { ko: '양식 작성', en: 'Forms' },
  pack_routes: { ko: '길찾기 (교통 안내)', en: 'Routes (getting around)' },
  pack_tourism: { ko: '관광 안내', en: 'Tourism (places to visit)' },
  places: { ko: '저장한 장소', en: 'Saved places' },
  placesHelp: {
    ko: '숙소나 자주 가는 곳을 저장해 두면 물어볼 때 알려 드려요. 한 줄에 "항목: 값" 하나씩 (예: 체크인: 15:00). 비밀번호·연락처 같은 항목은 답에 나오지 않아요.',
    en: 'Save your stay or places you go to, and ask about them. One "label: value" per line (e.g. checkin: 15:00). Codes and contacts never appear in answers.',
  },
  placeName: { ko: '장소 이름', en: 'Place name' },
  placeDetails: { ko: '내용 (한 줄에 "항목: 값")', en: 'Details ("label: value" per line)' },
  placeAdd: { ko: '장소 저장', en: 'Save place' },
  placeRemove: { ko: '삭제', en: 'Remove' },
  siteName: { ko: '사이트 이름', en: 'Site name' },
  siteUrl: { ko: '주소 (https://…)', en: 'Address (https://…)' },
  siteAdd: { ko: '사이트 추가', en: 'Add site' },
  siteSave: { ko: '수정 저장', en: 'Save change' },
  siteEdit: { ko: '수정', en: 'Edit' },
  siteRemove: { ko: '삭제', en: 'Remove' },
  siteBadUrl: { ko: 'http:// 또는 https:// 로 시작하는 주소를 입력해 주세요.', en: 'Enter an address starting with http:// or https://.' },
  siteNone: { ko: '저장된 사이트 없음', en: 'No site saved' },
  baseUrlHelp: {
    ko: 'OpenAI 호환 서버의 주소예요. 예: Ollama는 http://localhost:11434/v1, LM Studio는 http://localhost:1234/v1. OpenAI·Anthropic·Google은 비워 두세요.',
    en: 'The address of an OpenAI-compatible server, e.g. http://localhost:11434/v1 for Ollama or http://localhost:1234/v1 for LM Studio. Leave it empty for OpenAI, Anthropic and Google.',
  },
  policyHelp: {
    ko: '규칙은 더 엄격하게만 만들 수 있어요. "tool:<도구>" (예: tool:click) — require_approval이면 실행 전에 물어보고, forbid면 쓰지 않아요. "word:<종류>:<글자>" (예: word:payment:구독) — 그 글자가 쓰인 버튼을 누르기 전에 물어봐요. "field:<라벨>" + forbid — 그 칸에는 입력하지 않아요. "mode:<종류>:hand_over" — 그 종류(payment, submission, account_change)는 직접 하시도록 넘겨드려요. allow는 받지 않아요: 결제·제출·계정 변경은 항상 승인이 필요해요.',
    en: 'Rules can only make things stricter. "tool:<name>" (e.g. tool:click) — require_approval asks before it runs, forbid never uses it. "word:<kind>:<text>" (e.g. word:payment:subscribe) — asks before pressing a control with that text. "field:<label>" with forbid — never types into that field. "mode:<kind>:hand_over" — that kind (payment, submission, account_change) is handed to you. "allow" is refused: payments, submissions and account changes always need your approval.',
  },
} as const;

export type SettingsText = keyof typeof TEXTS;

export function useSettingsText(): (key: SettingsText) => string {
  const language = useUi((s) => s.language);
  return (key) => TEXTS[key][language === 'ko' ? 'ko' : 'en'];
}

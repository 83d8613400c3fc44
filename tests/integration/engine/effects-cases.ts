import type { StepInput } from '../../../src/shared/plan.ts';

/**
 * What a person's plan would do on each TrapMart page, and how many state-changing requests
 * the server must see when every approval is granted (0 for the benign ones).
 */
export interface EffectCase {
  page: string;
  steps: StepInput[];
  /** State-changing requests that reach the server with approval; 0 = benign (must run without asking). */
  changes: number;
  /** The page acts late (after a slow read): wait this long before reading the server's log. */
  lateMs?: number;
}

const button = (name: string) => ({ role: 'button', name });
const click = (id: string, target: Record<string, unknown>): StepInput => ({ id, type: 'click', target }) as StepInput;

export const TRAP_CASES: EffectCase[] = [
  { page: 'continue-pays', steps: [click('go', button('Continue'))], changes: 1 },
  { page: 'gyeolje-pays', steps: [click('go', button('결제'))], changes: 1 },
  { page: 'daum-orders', steps: [click('go', button('다음'))], changes: 1 },
  { page: 'aria-lie', steps: [click('go', button('Continue'))], changes: 1 },
  {
    page: 'enter-submits',
    steps: [
      { id: 'type', type: 'fill', target: { label: '이메일 Email' }, value: 'kim@example.com' },
      { id: 'go', type: 'press', target: { label: '이메일 Email' }, key: 'Enter' },
    ],
    changes: 1,
  },
  { page: 'space-submits', steps: [{ id: 'go', type: 'press', key: ' ' }], changes: 1 },
  { page: 'form-attr', steps: [click('go', button('미리보기 Preview'))], changes: 1 },
  { page: 'formaction', steps: [click('go', button('검색 Search'))], changes: 1 },
  { page: 'input-image', steps: [click('go', button('다음 Next'))], changes: 1 },
  {
    page: 'select-submits',
    steps: [{ id: 'go', type: 'select', target: { label: '보기 방식 View as' }, option: '격자 Grid' }],
    changes: 1,
  },
  { page: 'checkbox-listener', steps: [click('go', { role: 'checkbox', name: '주간 소식 Weekly news' })], changes: 1 },
  { page: 'clobbered-form', steps: [click('go', button('다음 Next'))], changes: 1 },
  { page: 'checkbox-saves', steps: [click('go', { role: 'checkbox', name: '어둡게 Dark mode' })], changes: 1 },
  { page: 'div-fetch', steps: [click('go', button('자세히 Details'))], changes: 1 },
  { page: 'put-button', steps: [click('go', button('새로고침 Refresh'))], changes: 1 },
  { page: 'delete-button', steps: [click('go', button('숨기기 Hide'))], changes: 1 },
  { page: 'beacon', steps: [click('go', button('닫기 Close'))], changes: 1 },
  { page: 'graphql-mutation', steps: [click('go', button('불러오기 Load'))], changes: 1 },
  { page: 'iframe-form', steps: [click('go', button('확인 OK'))], changes: 1 },
  { page: 'oopif-form', steps: [click('go', button('확인 OK'))], changes: 1 },
  { page: 'shadow-form', steps: [click('go', button('확인 OK'))], changes: 1 },
  { page: 'token-then-post', steps: [click('go', button('담아 보기 Try it'))], changes: 1, lateMs: 600 },
  { page: 'autosave', steps: [{ id: 'go', type: 'fill', target: { label: '별명 Nickname' }, value: 'minji' }], changes: 1 },
  { page: 'graphql-lookalike', steps: [click('go', button('목록 보기 View list'))], changes: 1 },
  { page: 'delete-link', steps: [click('go', { role: 'link', name: '삭제 Delete' })], changes: 1 },
  { page: 'unsubscribe-get', steps: [click('go', button('수신 거부 Unsubscribe'))], changes: 1 },
  {
    page: 'two-step',
    steps: [click('review', button('검토 Review')), { id: 'seen', type: 'wait', text: '₩39,000' }, click('go', button('완료 Done'))],
    changes: 1,
  },
  // the CSS-selector fallback: no description at all, only a selector
  { page: 'div-fetch', steps: [click('go', { selector: '#like' })], changes: 1 },
  { page: 'continue-pays', steps: [click('go', { selector: 'form button' })], changes: 1 },
];

export const BENIGN_CASES: EffectCase[] = [
  // a box in an order form whose script only redraws the total: ticking it sends nothing, so nothing is asked
  { page: 'checkbox-recalcs', steps: [click('go', { role: 'checkbox', name: '선물 포장 Gift wrap (+₩3,000)' })], changes: 0 },
  {
    page: 'search-get',
    steps: [
      { id: 'q', type: 'fill', target: { label: '상품 검색 Search products' }, value: 'shoes' },
      click('go', button('결제 내역 검색 Search payments')),
      { id: 'seen', type: 'wait', url_includes: '/search?q=shoes' },
    ],
    changes: 0,
  },
  {
    page: 'search-enter',
    steps: [
      { id: 'q', type: 'fill', target: { label: '검색어 Keyword' }, value: 'buds' },
      { id: 'go', type: 'press', target: { label: '검색어 Keyword' }, key: 'Enter' },
      { id: 'seen', type: 'wait', url_includes: '/search?q=buds' },
    ],
    changes: 0,
  },
  {
    page: 'pagination',
    steps: [click('go', { role: 'link', name: '2' }), { id: 'seen', type: 'wait', url_includes: 'page=2' }],
    changes: 0,
  },
  {
    page: 'tabs',
    steps: [click('go', { role: 'tab', name: '배송 안내 Shipping info' }), { id: 'seen', type: 'wait', text: 'Ships in 2 days.' }],
    changes: 0,
  },
  {
    page: 'autocomplete',
    steps: [{ id: 'go', type: 'fill', target: { label: '도시 City' }, value: 'Se', pick_suggestion: 'Seoul' }],
    changes: 0,
  },
  { page: 'show-more', steps: [click('go', button('더 보기 Show more')), { id: 'seen', type: 'wait', text: 'Item 3' }], changes: 0 },
  {
    page: 'filter',
    steps: [
      { id: 'go', type: 'select', target: { label: '분류 Category' }, option: '오디오 Audio' },
      { id: 'seen', type: 'wait', url_includes: 'cat=audio' },
    ],
    changes: 0,
  },
  {
    page: 'graphql-query',
    steps: [click('go', button('후기 보기 Show reviews')), { id: 'seen', type: 'wait', text: 'Great' }],
    changes: 0,
  },
];

import type { ErrorValue } from '../../../shared/errors.ts';
import type { EngineEvent } from '../../../shared/events.ts';
import type { ApprovalRequest, Locale, PlanView, QuickReply, SlotChip, StepView } from '../../../shared/ipc.ts';
import type { Pack } from '../../packs/types.ts';

type Chip = import('zod').infer<typeof SlotChip>;
type Reply = import('zod').infer<typeof QuickReply>;

/** The live plan as the UI shows it, folded from the executor's events (never invented). */
export function foldPlan(plan: PlanView | undefined, e: EngineEvent): PlanView | undefined {
  const d = e.data;
  const stepId = typeof d.step_id === 'string' ? d.step_id : undefined;
  const ts = Date.parse(e.ts);
  if (e.type === 'plan_started') {
    return { planId: String(d.plan_id ?? e.id), intent: String(d.intent ?? ''), status: 'running', steps: [] };
  }
  if (!plan) return plan;
  const upsert = (patch: Partial<StepView>): PlanView => {
    if (!stepId) return plan;
    const found = plan.steps.some((s) => s.id === stepId);
    const steps = found
      ? plan.steps.map((s) => (s.id === stepId ? { ...s, ...patch } : s))
      : [...plan.steps, { id: stepId, type: String(d.step_type ?? ''), title: e.message, status: 'pending' as const, ...patch }];
    return { ...plan, steps };
  };
  const started = (id: string | undefined) => plan.steps.find((s) => s.id === id)?.startedAt;
  const duration = () => {
    const t0 = started(stepId);
    return t0 === undefined ? {} : { durationMs: ts - t0 };
  };
  switch (e.type) {
    case 'step_started':
      return upsert({ title: e.message, type: String(d.step_type ?? ''), status: 'running', startedAt: ts });
    case 'step_succeeded':
      return upsert({ status: 'done', ...duration() });
    case 'step_skipped':
      return upsert({ status: 'skipped', ...duration() });
    case 'step_failed':
      return upsert({ status: 'failed', ...duration(), ...(toError(d.error) ? { error: toError(d.error) } : {}) });
    case 'artifact_saved':
      return typeof d.artifact_id === 'string' ? upsert({ screenshotId: d.artifact_id }) : plan;
    case 'approval_requested':
      return { ...upsert({ status: 'awaiting_approval' }), status: 'awaiting_approval' };
    case 'approval_granted':
      return { ...upsert({ status: 'running' }), status: 'running' };
    case 'approval_denied':
      return { ...upsert({ status: 'cancelled' }), status: 'cancelled' };
    case 'plan_paused':
      return { ...plan, status: 'paused' };
    case 'plan_resumed':
      return { ...plan, status: 'running' };
    case 'plan_completed':
      return { ...plan, status: 'done' };
    case 'plan_failed':
      return { ...plan, status: 'failed' };
    case 'plan_cancelled':
    case 'plan_rejected':
      return { ...plan, status: 'cancelled' };
    default:
      return plan;
  }
}

/** An error carried in an event (executor: {code, message, suggestions, class, cause, next_action}). */
export function toError(raw: unknown): ErrorValue | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.code !== 'string') return undefined;
  const next = typeof r.next_action === 'string' ? [r.next_action] : [];
  const suggestions = [...next, ...(Array.isArray(r.suggestions) ? r.suggestions.map(String) : [])];
  return {
    code: r.code as ErrorValue['code'],
    message: String(r.cause ?? r.message ?? r.code),
    details: typeof r.class === 'string' ? { class: r.class } : {},
    suggestions: suggestions.length ? [...new Set(suggestions)] : ['Look at the failing step in the log explorer.'],
    retryable: Boolean(r.retryable),
  };
}

const LABELS: Record<string, { ko: string; en: string }> = {
  from: { ko: '출발지', en: 'From' },
  to: { ko: '도착지', en: 'To' },
  date_start: { ko: '날짜', en: 'Date' },
  date_end: { ko: '종료일', en: 'End date' },
  passengers: { ko: '인원', en: 'Passengers' },
  order_id: { ko: '주문번호', en: 'Order number' },
  new_address: { ko: '새 주소', en: 'New address' },
  address: { ko: '주소', en: 'Address' },
  phone: { ko: '전화번호', en: 'Phone' },
  product: { ko: '상품', en: 'Product' },
  query: { ko: '검색어', en: 'Search' },
  otp: { ko: '인증번호', en: 'Verification code' },
  product_name: { ko: '상품', en: 'Product' },
  brand: { ko: '브랜드', en: 'Brand' },
  variant: { ko: '옵션', en: 'Variant' },
  budget_max: { ko: '예산', en: 'Budget' },
  price_max: { ko: '최대 가격', en: 'Max price' },
  price_min: { ko: '최소 가격', en: 'Min price' },
  direct_only: { ko: '직항만', en: 'Direct only' },
  trip_type: { ko: '여정', en: 'Trip' },
  time_window: { ko: '시간대', en: 'Time window' },
  form_purpose: { ko: '양식', en: 'Form' },
  profile_id: { ko: '프로필', en: 'Profile' },
  city: { ko: '도시', en: 'City' },
  guests: { ko: '인원', en: 'Guests' },
};

export const slotLabel = (name: string, locale: Locale) => LABELS[name]?.[locale] ?? name.replaceAll('_', ' ');

function show(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const parts = ['line1', 'line2', 'city', 'postcode', 'code', 'name', 'label', 'date']
      .map((k) => o[k])
      .filter((x) => typeof x === 'string');
    return parts.length ? parts.join(' ') : JSON.stringify(v);
  }
  return String(v);
}

/** The pack's slots as chips, with the values the engine resolved so far (masked values stay masked). */
export function slotChips(pack: Pack | undefined, facts: Record<string, unknown>, locale: Locale): Chip[] {
  if (!pack) return [];
  return pack.slots
    .filter((s) => s.required || facts[s.name] !== undefined)
    .map((s) => {
      const value = show(facts[s.name]);
      return { name: s.name, label: slotLabel(s.name, locale), required: s.required, ...(value !== undefined ? { value } : {}) };
    });
}

/** Yes / no when the engine waits for a confirmation; nothing otherwise. */
export function quickReplies(expecting: string | undefined, locale: Locale): Reply[] {
  if (expecting !== 'confirmation') return [];
  return locale === 'ko'
    ? [
        { id: 'yes', label: '네', text: '네' },
        { id: 'no', label: '아니요', text: '아니요' },
      ]
    : [
        { id: 'yes', label: 'Yes', text: 'yes' },
        { id: 'no', label: 'No', text: 'no' },
      ];
}

const RULES: Record<string, { ko: string; en: string }> = {
  payment: { ko: '결제는 항상 사람의 승인이 필요합니다.', en: 'Payments always need your approval.' },
  submission: { ko: '제출은 항상 사람의 승인이 필요합니다.', en: 'Submissions always need your approval.' },
  account_change: {
    ko: '계정·주문 정보 변경은 항상 사람의 승인이 필요합니다.',
    en: 'Changes to an account or an order always need your approval.',
  },
  hand_over: {
    ko: '이 단계는 엔진이 하지 않습니다. 직접 하셔야 합니다.',
    en: 'The engine never does this step itself; it is yours to do.',
  },
};

/** Why the card is shown, in the person's language, followed by the policy rule's id for support staff. */
function ruleText(kind: string | undefined, mode: string, policyMessage: string | undefined, locale: Locale): string {
  const handOver = mode === 'hand_over';
  const sentence = (handOver ? RULES.hand_over : kind ? RULES[kind] : undefined)?.[locale];
  const id = kind ? `${kind} (${handOver ? 'hand over' : 'approval'})` : (policyMessage ?? mode);
  return sentence ? `${sentence} — ${id}` : id;
}

/** The approval card: the pending step, why (the policy rule or approval kind) and the before/after the engine holds. */
export function approvalCard(
  conversationId: string,
  pending: { stepId: string; summary: string; mode: string } | undefined,
  lastRequest: EngineEvent | undefined,
  lastPolicy: EngineEvent | undefined,
  entity: Record<string, unknown>,
  locale: Locale,
  /** The order's shipping address as the shop's lookup returned it (see shippingFromLookup). */
  currentShipping?: string,
  /** The policy's kind for the pack's gated tool (a dialogue pack's confirmation has no approval request event). */
  gatedToolKind?: string,
): ApprovalRequest | undefined {
  if (!pending) return undefined;
  const requested = lastRequest?.data.kind;
  const kind = typeof requested === 'string' ? requested : gatedToolKind;
  const rule = ruleText(kind, pending.mode, typeof requested === 'string' ? undefined : lastPolicy?.message, locale);
  const changes: ApprovalRequest['changes'] = [];
  const order = show(entity.order_id);
  // the order itself does not change: shown on both sides so the person sees which order it is
  if (order) changes.push({ label: slotLabel('order_id', locale), before: order, after: order });
  const before = currentShipping;
  const after = show(entity.new_address) ?? show(entity.address);
  if (before || after) {
    changes.push({ label: locale === 'ko' ? '배송지' : 'Shipping address', ...(before ? { before } : {}), ...(after ? { after } : {}) });
  }
  const mode = pending.mode === 'hand_over' ? ('hand_over' as const) : ('execute' as const);
  return { approvalId: pending.stepId, conversationId, stepId: pending.stepId, action: pending.summary, rule, mode, changes };
}

/** The current shipping address from the last order lookup the engine made (a tool call's output), if any. */
export function shippingFromLookup(calls: Array<{ tool: string; output: unknown }>): string | undefined {
  for (const c of [...calls].reverse()) {
    if (!c.tool.endsWith('lookup_order')) continue;
    const order = (c.output as { data?: { order?: { shipping?: Record<string, unknown> } } } | null)?.data?.order;
    const s = order?.shipping;
    if (!s) continue;
    const zip = typeof s.zipcode === 'string' ? `(${s.zipcode}) ` : '';
    return `${zip}${[s.address1, s.address2].filter((x) => typeof x === 'string').join(' ')}`.trim();
  }
  return undefined;
}

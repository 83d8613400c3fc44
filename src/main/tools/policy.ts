import { z } from 'zod';
import { APPROVAL_KINDS, type ApprovalKind, ApprovalKind as ApprovalKindSchema, type ApprovalMode, type Step } from '../../shared/plan.ts';
import { callGivesConsent, consentDecision, stepGivesConsent } from './consent.ts';
import { looksLikeCardNumber, looksLikeResidentNumber } from './redact/index.ts';

/**
 * Declarative policy (data, not code): which actions always need a person's approval, which
 * inputs the engine never types, and which tools always carry a gate. Browsing, searching
 * and summarising run by themselves. The runtime and the executor both ask `decide`.
 */
export const Policy = z.object({
  version: z.string(),
  /** Words in a step's target (or a uid's snapshot line) that mark a gated action, per kind (lower case). */
  gated_words: z.record(ApprovalKindSchema, z.array(z.string())),
  /** Tools that always need approval, per kind. Packs add the tools they gate (their approval kinds); settings may add more. */
  gated_tools: z.record(z.string(), ApprovalKindSchema),
  /** Default mode per kind when a step does not say. */
  default_mode: z.record(ApprovalKindSchema, z.enum(['execute', 'hand_over'])),
  /** Field words that mark input the engine must never type (the person types it during a hand-over). */
  forbidden_field_words: z.array(z.string()),
  /** Tools the engine never calls (added by policy overrides in settings). */
  forbidden_tools: z.array(z.string()).optional(),
});
export type Policy = z.infer<typeof Policy>;

export const DEFAULT_POLICY: Policy = {
  version: '1',
  gated_words: {
    payment: [
      'pay',
      'pay now',
      'place order',
      'buy now',
      'purchase',
      'confirm and pay',
      'complete payment',
      '결제하기',
      '결제 완료',
      '지금 결제',
      '구매하기',
      '지금 구매',
      '바로 구매',
      '주문하기',
      '지불하기',
    ],
    submission: [
      'submit',
      'send application',
      'apply now',
      'confirm booking',
      'submit application',
      '제출',
      '제출하기',
      '신청하기',
      '접수',
      '예약 확정',
    ],
    account_change: [
      'change address',
      'update address',
      'save address',
      'change shipping address',
      'save new address',
      'change password',
      'delete account',
      'request refund',
      'cancel order',
      '배송지 변경',
      '배송지로 변경',
      '주소 변경',
      '환불 요청',
      '환불 신청',
      '주문 취소',
      '비밀번호 변경',
      '회원 탈퇴',
    ],
  },
  gated_tools: {},
  default_mode: { payment: 'hand_over', submission: 'execute', account_change: 'execute' },
  forbidden_field_words: [
    'password',
    'passcode',
    'card number',
    'credit card',
    'cvc',
    'cvv',
    'security code',
    'resident registration',
    'resident number',
    '비밀번호',
    '카드번호',
    '카드 번호',
    '주민등록번호',
    '주민번호',
    '보안코드',
  ],
};

export type Decision =
  | { action: 'allow'; reason: string; rule: string }
  | { action: 'approval'; kind: ApprovalKind; mode: ApprovalMode; reason: string; rule: string; conflict?: string }
  | { action: 'forbidden'; reason: string; rule: string };

const ACTING_STEPS = new Set<Step['type']>(['click', 'press', 'select', 'fill']);

function norm(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whole-word match for Latin words, substring for Hangul (particles attach to words). */
function hasWord(text: string, word: string): boolean {
  if (/[가-힣]/.test(word)) return text.includes(word);
  return new RegExp(`(^|[^a-z0-9])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`).test(text);
}

function stepText(step: Step): string {
  const t = 'target' in step ? step.target : undefined;
  return norm([t?.name, t?.label, t?.text, t?.placeholder, step.type === 'select' ? step.option : undefined].filter(Boolean).join(' | '));
}

function gatedKind(policy: Policy, text: string): { kind: ApprovalKind; word: string } | undefined {
  for (const kind of APPROVAL_KINDS) {
    const word = (policy.gated_words[kind] ?? []).find((w) => hasWord(text, norm(w)));
    if (word) return { kind, word };
  }
  return undefined;
}

/** Input the engine never types: card numbers, resident numbers, or any value for a password/card field. */
export function forbiddenInput(policy: Policy, fieldText: string, value: string | undefined): string | undefined {
  if (value !== undefined && looksLikeCardNumber(value)) return 'the value is a card number';
  if (value !== undefined && looksLikeResidentNumber(value)) return 'the value is a resident registration number';
  const field = norm(fieldText);
  // the number of a card that pays nothing (a library, member or student card) is not a payment card's;
  // a real card number is still refused by its value above
  const notPayment = NON_PAYMENT_CARD.test(field) && !/credit|debit|payment|결제|신용|체크카드/.test(field);
  const word = policy.forbidden_field_words.find(
    (w) => field.includes(norm(w)) && !(notPayment && /card number|카드\s?번호/.test(norm(w))),
  );
  return word ? `the field is a "${word}" field` : undefined;
}

const NON_PAYMENT_CARD = /\b(?:library|member(?:ship)?|student|loyalty|gym)\s+card\b|도서관\s*카드|회원\s*카드|학생증|멤버십\s*카드/;

/** Whether a URL is a web page the engine may open: http: or https: only (about:blank for an empty tab). */
export function webUrl(url: string): boolean {
  if (url === 'about:blank') return true;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function origin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Navigation: web pages only; a page-supplied URL stays on the origin the person chose, or asks. */
function decideNavigate(policy: Policy, step: Extract<Step, { type: 'navigate' }>): Decision | undefined {
  if (!webUrl(step.url) || step.url === 'about:blank') {
    return {
      action: 'forbidden',
      reason: `Only http: and https: pages are opened, not ${step.url.split(':')[0]}:.`,
      rule: 'navigate_scheme',
    };
  }
  if (step.approval) return undefined;
  if (step.stay_on && origin(step.url) !== origin(step.stay_on)) {
    return {
      action: 'approval',
      kind: 'submission',
      mode: policy.default_mode.submission ?? 'execute',
      reason: `The page supplied a link to ${origin(step.url)}, away from ${origin(step.stay_on)} that you chose.`,
      rule: 'navigate_origin',
    };
  }
  return undefined;
}

/** What the policy says about a plan step (before any tool runs). */
export function decideStep(policy: Policy, step: Step): Decision {
  if (step.type === 'navigate') {
    const d = decideNavigate(policy, step);
    if (d) return d;
  }
  const consent = stepGivesConsent(step);
  if (consent) return consentDecision(consent);
  if (step.type === 'fill') {
    const why = forbiddenInput(policy, stepText(step), step.value);
    if (why) return { action: 'forbidden', reason: `The engine never types this: ${why}.`, rule: 'forbidden_input' };
  }
  if (step.type === 'approve') {
    return { action: 'approval', kind: step.kind, mode: step.approval?.mode ?? 'execute', reason: step.summary, rule: 'approve_step' };
  }
  const byWords = ACTING_STEPS.has(step.type) ? gatedKind(policy, stepText(step)) : undefined;
  if (step.approval) {
    const conflict =
      byWords && byWords.kind !== step.approval.kind
        ? `policy says ${byWords.kind} ("${byWords.word}"), step says ${step.approval.kind}`
        : undefined;
    return {
      action: 'approval',
      kind: step.approval.kind,
      mode: step.approval.mode,
      reason: `The step is marked ${step.approval.kind}.`,
      rule: 'step_approval',
      ...(conflict ? { conflict } : {}),
    };
  }
  if (byWords) {
    return {
      action: 'approval',
      kind: byWords.kind,
      mode: policy.default_mode[byWords.kind] ?? 'execute',
      reason: `"${byWords.word}" is a ${byWords.kind} action.`,
      rule: `gated_words.${byWords.kind}`,
      conflict: 'the step carries no approval; policy adds one',
    };
  }
  return { action: 'allow', reason: `${step.type} runs by itself.`, rule: 'auto' };
}

/** What the policy says about one tool call: the tool's own gate, its input, and the step it acts for. */
export function decideCall(
  policy: Policy,
  call: { tool: string; readOnly: boolean; approval?: ApprovalKind; input: Record<string, unknown>; described?: string; step?: Step },
): Decision {
  if (policy.forbidden_tools?.includes(call.tool)) {
    return { action: 'forbidden', reason: `${call.tool} is forbidden by a policy override in settings.`, rule: 'forbidden_tools' };
  }
  if (call.readOnly) return { action: 'allow', reason: 'read-only tool', rule: 'read_only' };
  if ((call.tool === 'navigate_page' || call.tool === 'new_page') && typeof call.input.url === 'string' && !webUrl(call.input.url)) {
    return {
      action: 'forbidden',
      reason: `Only http: and https: pages are opened, not ${call.input.url.split(':')[0]}:.`,
      rule: 'navigate_scheme',
    };
  }
  const value = ['value', 'text'].map((k) => call.input[k]).find((v) => typeof v === 'string') as string | undefined;
  const values = Array.isArray(call.input.elements)
    ? (call.input.elements as Array<Record<string, unknown>>).map((e) => String(e.value ?? ''))
    : value !== undefined
      ? [value]
      : [];
  for (const v of values.length ? values : [undefined]) {
    const why = forbiddenInput(policy, call.described ?? '', v);
    if (why && (v !== undefined || /fill|type|input/.test(call.tool))) {
      return { action: 'forbidden', reason: `The engine never types this: ${why}.`, rule: 'forbidden_input' };
    }
  }
  const consent = callGivesConsent(call.tool, call.described, call.step);
  if (consent) return consentDecision(consent);
  const toolKind = call.approval ?? policy.gated_tools[call.tool];
  if (toolKind)
    return {
      action: 'approval',
      kind: toolKind,
      mode: policy.default_mode[toolKind] ?? 'execute',
      reason: `${call.tool} is a ${toolKind} tool.`,
      rule: 'gated_tools',
    };
  if (call.step) {
    const d = decideStep(policy, call.step);
    if (d.action !== 'allow') return d;
  }
  const byWords = call.described ? gatedKind(policy, norm(call.described)) : undefined;
  if (byWords && /click|press|select|submit|drag|mouse/.test(call.tool)) {
    return {
      action: 'approval',
      kind: byWords.kind,
      mode: policy.default_mode[byWords.kind] ?? 'execute',
      reason: `The element reads "${byWords.word}".`,
      rule: `gated_words.${byWords.kind}`,
    };
  }
  return { action: 'allow', reason: 'no gate applies', rule: 'auto' };
}

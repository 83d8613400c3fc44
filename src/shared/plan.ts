import { z } from 'zod';

/**
 * A plan is data: `{plan_id, intent, created_at, steps}`. Packs (or a model) write plans,
 * the executor runs them step by step through the tool runtime. Every plan is validated
 * with `validatePlan` before anything runs.
 */

/** A semantic description of an element, resolved against a fresh snapshot at run time. */
export const Target = z
  .object({
    role: z.string().min(1).optional().describe('ARIA role, e.g. "button", "textbox", "combobox", "link"'),
    name: z.string().optional().describe('Accessible name, e.g. "Search flights"'),
    label: z.string().optional().describe('Visible label text of a form field'),
    placeholder: z.string().optional().describe('Placeholder text of an input'),
    text: z.string().optional().describe('Text the element contains'),
    selector: z.string().optional().describe('CSS selector hint, used only when the semantic match fails'),
    nth: z.number().int().min(0).optional().describe('Which match to take when several match (0 = first)'),
  })
  .refine((t) => Boolean(t.role || t.name || t.label || t.placeholder || t.text || t.selector), {
    message: 'A target needs at least one of role, name, label, placeholder, text or selector',
  });
export type Target = z.infer<typeof Target>;

export const APPROVAL_KINDS = ['payment', 'submission', 'account_change'] as const;
export const ApprovalKind = z.enum(APPROVAL_KINDS);
export type ApprovalKind = z.infer<typeof ApprovalKind>;

/** execute: the engine performs the approved step. hand_over: the engine stops, the person completes it. */
export const ApprovalMode = z.enum(['execute', 'hand_over']);
export type ApprovalMode = z.infer<typeof ApprovalMode>;

/** How the engine notices that a person finished a handed-over step (any one predicate that holds). */
export const CompletionPredicate = z
  .object({
    url_includes: z.string().min(1).optional(),
    text: z.string().min(1).optional(),
  })
  .refine((c) => Boolean(c.url_includes || c.text), { message: 'A completion predicate needs url_includes or text' });
export type CompletionPredicate = z.infer<typeof CompletionPredicate>;

export const StepApproval = z.object({
  kind: ApprovalKind,
  mode: ApprovalMode.default('execute'),
  /** For hand_over: how completion is noticed; without it the person marks the step done. */
  completion: CompletionPredicate.optional(),
});
export type StepApproval = z.infer<typeof StepApproval>;

/** Field names extract knows how to type. Other snake_case names are extracted as text. */
export const KNOWN_FIELDS = {
  price: 'money',
  shipping: 'money',
  total: 'money',
  time: 'time',
  depart_time: 'time',
  arrive_time: 'time',
  duration: 'text',
  stops: 'integer',
  rating: 'number',
  reviews: 'integer',
  title: 'text',
  name: 'text',
  airline: 'text',
  seller: 'text',
  location: 'text',
  date: 'text',
  status: 'text',
  order_id: 'text',
  address: 'text',
  url: 'url',
} as const satisfies Record<string, FieldType>;
export type FieldType = 'money' | 'time' | 'integer' | 'number' | 'text' | 'url';

export const FieldName = z.string().regex(/^[a-z][a-z0-9_]*$/, 'Field names are snake_case, e.g. "price" or "depart_time"');
export type FieldName = z.infer<typeof FieldName>;

export function fieldType(name: string): FieldType {
  return (KNOWN_FIELDS as Record<string, FieldType>)[name] ?? 'text';
}

/** One extracted row: each asked field typed by its kind (money/number/integer → number, others → string), null when absent. */
export const ExtractedRow = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type ExtractedRow = z.infer<typeof ExtractedRow>;

const base = {
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Step ids use letters, digits, _ . : -'),
  description: z.string().optional(),
  approval: StepApproval.optional(),
  /**
   * 'person': the person's own request asked for exactly this consent ("tick agree to the terms").
   * Without it the policy never lets the engine tick or press a consent control on its own.
   */
  consent: z.literal('person').optional(),
  timeout_ms: z.number().int().positive().max(600_000).optional(),
};

/** Navigation steps open web pages only: http: and https: (never javascript:, data:, file:, chrome: …). */
export const NavigateStep = z.object({
  ...base,
  type: z.literal('navigate'),
  url: z.url({ protocol: /^https?$/, error: 'A navigate step opens http: or https: URLs only' }),
  /** For a URL a page supplied (a booking link from a results row): the origin the person chose; leaving it needs their approval. */
  stay_on: z.url({ protocol: /^https?$/ }).optional(),
});
export const ClickStep = z.object({ ...base, type: z.literal('click'), target: Target });
export const FillStep = z.object({
  ...base,
  type: z.literal('fill'),
  target: Target,
  value: z.string(),
  /** Autocomplete: after typing, pick the suggestion with this text (e.g. "ICN"). */
  pick_suggestion: z.string().optional(),
});
export const SelectStep = z.object({ ...base, type: z.literal('select'), target: Target, option: z.string().min(1) });
export const WaitStep = z
  .object({
    ...base,
    type: z.literal('wait'),
    url_includes: z.string().optional(),
    text: z.string().optional(),
    target: Target.optional(),
    ms: z.number().int().min(0).max(60_000).optional(),
  })
  .refine((s) => s.url_includes !== undefined || s.text !== undefined || s.target !== undefined || s.ms !== undefined, {
    message: 'A wait step needs url_includes, text, target or ms',
  });
export const ExtractStep = z.object({
  ...base,
  type: z.literal('extract'),
  /** The results list; omitted = the whole page. */
  container: Target.optional(),
  /** CSS selector of one row inside the container (hint); otherwise rows are found by structure. */
  row_selector: z.string().optional(),
  fields: z.array(FieldName).min(1),
  limit: z.number().int().positive().max(500).default(50),
});
export const ScreenshotStep = z.object({ ...base, type: z.literal('screenshot'), full_page: z.boolean().default(false) });
export const PressStep = z.object({ ...base, type: z.literal('press'), key: z.string().min(1), target: Target.optional() });
export const ScrollStep = z.object({
  ...base,
  type: z.literal('scroll'),
  target: Target.optional(),
  direction: z.enum(['down', 'up']).default('down'),
  amount: z.number().int().positive().max(100_000).default(600),
});
export const AssertStep = z
  .object({
    ...base,
    type: z.literal('assert'),
    url_includes: z.string().optional(),
    text: z.string().optional(),
    /** The field the slot was typed into, and what it must show. */
    target: Target.optional(),
    value: z.string().optional(),
    /** The slot this assertion checks (for the verification report), e.g. "from". */
    slot: z.string().optional(),
  })
  .refine((s) => s.url_includes !== undefined || s.text !== undefined || (s.target !== undefined && s.value !== undefined), {
    message: 'An assert step needs url_includes, text, or target with value',
  });
/** An explicit checkpoint: nothing happens in the browser; the person must approve before the plan continues. */
export const ApproveStep = z.object({
  ...base,
  type: z.literal('approve'),
  kind: ApprovalKind,
  /** What the person approves, in their words ("Pay 412,000 KRW to Korean Air"). */
  summary: z.string().min(1),
});

export const Step = z.discriminatedUnion('type', [
  NavigateStep,
  ClickStep,
  FillStep,
  SelectStep,
  WaitStep,
  ExtractStep,
  ScreenshotStep,
  PressStep,
  ScrollStep,
  AssertStep,
  ApproveStep,
]);
export type Step = z.infer<typeof Step>;
export type StepInput = z.input<typeof Step>;
export type StepType = Step['type'];
export const STEP_TYPES = Step.options.map((o) => o.shape.type.value) as StepType[];

/** Plan-level verification rules the verifier checks after the steps ran. */
export const VerificationRule = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('results_exist'), step: z.string(), min_rows: z.number().int().positive().default(1) }),
  z.object({ rule: z.literal('fields_plausible'), step: z.string(), fields: z.array(FieldName).min(1) }),
  z.object({ rule: z.literal('slot_applied'), slot: z.string(), target: Target, expected: z.string() }),
]);
export type VerificationRule = z.infer<typeof VerificationRule>;

export const Plan = z
  .object({
    plan_id: z.string().min(1),
    intent: z.string().min(1),
    created_at: z.iso.datetime({ offset: true }),
    pack: z.string().optional(),
    /** The slots this plan was built from, for the log explorer and the verifier. */
    slots: z.record(z.string(), z.unknown()).optional(),
    steps: z.array(Step).min(1).max(500),
    verify: z.array(VerificationRule).default([]),
  })
  .superRefine((plan, ctx) => {
    const seen = new Set<string>();
    plan.steps.forEach((s, i) => {
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'id'], message: `Duplicate step id "${s.id}"` });
      seen.add(s.id);
    });
    plan.verify.forEach((r, i) => {
      if ('step' in r && !seen.has(r.step))
        ctx.addIssue({ code: 'custom', path: ['verify', i, 'step'], message: `No step with id "${r.step}"` });
    });
  });
export type Plan = z.infer<typeof Plan>;
export type PlanInput = z.input<typeof Plan>;

/** JSON with sorted keys, so equal content gives equal text (and equal hashes). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export interface PlanValidationError {
  code: 'VALIDATION_ERROR';
  message: string;
  /** Dotted path of the first offending field, e.g. "steps.2.target". */
  path: string;
  issues: Array<{ path: string; message: string }>;
}

export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p) => String(p)).join('.') || '(root)';
}

/** The plan, or a VALIDATION_ERROR naming the offending field path. Nothing runs on an invalid plan. */
export function validatePlan(x: unknown): { ok: true; plan: Plan } | { ok: false; error: PlanValidationError } {
  const r = Plan.safeParse(x);
  if (r.success) return { ok: true, plan: r.data };
  const issues = r.error.issues.map((i) => ({ path: issuePath(i.path), message: i.message }));
  const first = issues[0] ?? { path: '(root)', message: 'Invalid plan' };
  return {
    ok: false,
    error: { code: 'VALIDATION_ERROR', message: `Invalid plan at ${first.path}: ${first.message}`, path: first.path, issues },
  };
}

/**
 * The conversation as the UI shows it: the live plan folded from the executor's events, the
 * pack's slots as chips, yes/no quick replies and the approval card. Every word comes from the
 * pack (labels, card rows) or the conversation's texts; nothing here knows a domain.
 */
import type { z } from 'zod';
import { ErrorValue } from '../../../shared/errors.ts';
import type { EngineEvent } from '../../../shared/events.ts';
import type { ApprovalRequest, Locale, PlanView, QuickReply, SlotChip, StepView } from '../../../shared/ipc/index.ts';
import { fill } from '../../packs/text.ts';
import type { Facts, Pack } from '../../packs/types.ts';
import { redact } from '../../tools/redact/index.ts';
import type { PendingApproval } from '../approvals.ts';
import { ENGINE_TEXTS, RULE_TEXTS } from '../texts.ts';
import { countsOf, countsText } from './counts.ts';

type Chip = z.infer<typeof SlotChip>;
type Reply = z.infer<typeof QuickReply>;

/** The kind of step an agent-loop action is, in the plan's words (its `type "x" ← v` message is for the log). */
const LOOP_KINDS: Record<string, string> = {
  fill: 'fill',
  type: 'fill',
  select: 'select',
  check: 'click',
  click: 'click',
  press: 'press',
  scroll: 'scroll',
  navigate: 'navigate',
  wait: 'wait',
};

function stepTypeOf(d: Record<string, unknown>): string {
  if (typeof d.step_type === 'string') return d.step_type;
  const kind = (d.action as { kind?: unknown } | undefined)?.kind;
  return typeof kind === 'string' ? (LOOP_KINDS[kind] ?? kind) : '';
}

/** The live plan as the UI shows it, folded from the executor's events (never invented). */
export function foldPlan(plan: PlanView | undefined, e: EngineEvent): PlanView | undefined {
  const d = e.data;
  const stepId = typeof d.step_id === 'string' ? d.step_id : undefined;
  const ts = Date.parse(e.ts);
  if (e.type === 'plan_started') {
    return { planId: String(d.plan_id ?? e.id), intent: String(d.intent ?? ''), status: 'running', steps: [] };
  }
  if (!plan) return plan;
  // a step first seen by its approval (a hand-over before it runs) is named by what it asks, not by the log's message
  const newType = d.step_type ?? (e.type === 'approval_requested' ? (d.mode === 'hand_over' ? 'hand_over' : 'approve') : '');
  const upsert = (patch: Partial<StepView>): PlanView => {
    if (!stepId) return plan;
    const found = plan.steps.some((s) => s.id === stepId);
    const steps = found
      ? plan.steps.map((s) => (s.id === stepId ? { ...s, ...patch } : s))
      : [...plan.steps, { id: stepId, type: String(newType), title: e.message, status: 'pending' as const, ...patch }];
    return { ...plan, steps };
  };
  const started = (id: string | undefined) => plan.steps.find((s) => s.id === id)?.startedAt;
  const duration = () => {
    const t0 = started(stepId);
    return t0 === undefined ? {} : { durationMs: ts - t0 };
  };
  switch (e.type) {
    case 'step_started':
      return upsert({
        title: e.message,
        type: stepTypeOf(d),
        ...(typeof d.step_target === 'string' ? { target: d.step_target } : {}),
        status: 'running',
        startedAt: ts,
      });
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

/** The error value an event carries (the executor's step_failed, plan_failed), without the log's extra fields. */
export function toError(raw: unknown): ErrorValue | undefined {
  const v = ErrorValue.safeParse(raw);
  if (!v.success) return undefined;
  const { code, message, details, suggestions, retryable } = v.data;
  return { code, message, details, suggestions, retryable };
}

/** How a pack names its slot to the person (its own label, else the slot name in words). */
export function slotLabel(pack: Pack | undefined, name: string, locale: Locale): string {
  const label = pack?.slots.find((s) => s.name === name)?.label;
  return label ? fill(label, locale) : name.replaceAll('_', ' ');
}

function show(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  // a list of values ("Instagram, YouTube")
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join(', ');
  if (typeof v === 'object') {
    const o: Record<string, unknown> = { ...v };
    const parts = ['line1', 'line2', 'city', 'postcode', 'code', 'name', 'label', 'date']
      .map((k) => o[k])
      .filter((x) => typeof x === 'string');
    return parts.length ? parts.join(' ') : JSON.stringify(v);
  }
  return String(v);
}

/** The pack's slots as chips, with the values the task holds (sensitive values masked as in the log). */
export function slotChips(pack: Pack | undefined, facts: Facts, locale: Locale): Chip[] {
  if (!pack) return [];
  const shown = redact(facts);
  return pack.slots
    .filter((s) => s.required || facts[s.name] !== undefined)
    .map((s) => {
      const unmasked = s.sensitive && facts[s.name] !== undefined && shown[s.name] === facts[s.name];
      const counts = unmasked ? undefined : countsOf(shown[s.name], locale);
      const words = unmasked || counts ? undefined : pack.shownValue?.(s.name, shown[s.name], locale);
      const value = unmasked ? '***' : counts ? countsText(counts, locale) : (words ?? show(shown[s.name]));
      const held = words !== undefined ? show(shown[s.name]) : undefined;
      return {
        name: s.name,
        label: slotLabel(pack, s.name, locale),
        required: s.required,
        ...(value !== undefined ? { value } : {}),
        ...(held !== undefined && held !== value ? { held } : {}),
        ...(counts ? { counts } : {}),
      };
    });
}

/** Yes / no when the engine waits for a confirmation; nothing otherwise. */
export function quickReplies(expecting: string | undefined, locale: Locale): Reply[] {
  if (expecting !== 'confirmation') return [];
  return [
    { id: 'yes', label: fill(ENGINE_TEXTS.yesButton, locale), text: fill(ENGINE_TEXTS.yes, locale) },
    { id: 'no', label: fill(ENGINE_TEXTS.noButton, locale), text: fill(ENGINE_TEXTS.no, locale) },
  ];
}

/** Why the card is shown, in the person's language only (the approval kind travels as its own field). */
function ruleText(kind: string | undefined, mode: string, locale: Locale): string {
  if (mode === 'hand_over') return fill(RULE_TEXTS.hand_over, locale);
  const text = kind === 'payment' || kind === 'submission' || kind === 'account_change' ? RULE_TEXTS[kind] : RULE_TEXTS.other;
  return fill(text, locale);
}

/** A confirmation's text without the sentence that asks to type the yes or the no word: the card has buttons for them. */
function withoutYesNo(text: string, locale: Locale): string {
  const yes = `"${fill(ENGINE_TEXTS.yes, locale)}"`;
  const no = `"${fill(ENGINE_TEXTS.no, locale)}"`;
  return text
    .split('\n')
    .map((line) =>
      line
        .split(/(?<=[.?!])\s+/)
        .filter((s) => !(s.toLowerCase().includes(yes) && s.toLowerCase().includes(no)))
        .join(' '),
    )
    .filter((line) => line.trim())
    .join('\n');
}

/** The approval card: the stored approval, why (its kind) and the pack's before/after rows. */
export function approvalCard(
  conversationId: string,
  pending: PendingApproval | undefined,
  pack: Pack | undefined,
  facts: Facts,
  locale: Locale,
): ApprovalRequest | undefined {
  if (!pending) return undefined;
  const mode = pending.mode === 'hand_over' ? ('hand_over' as const) : ('execute' as const);
  return {
    approvalId: pending.approvalId,
    conversationId,
    stepId: pending.stepId,
    action: withoutYesNo(pending.summary, locale),
    rule: ruleText(pending.kind, pending.mode, locale),
    ...(pending.kind ? { kind: pending.kind } : {}),
    mode,
    changes: pack?.card?.(facts, locale) ?? [],
    // a dialogue pack's steps call a site's tools (a shop API): taking the browser over cannot do them
    inBrowser: pack?.kind !== 'dialogue',
  };
}

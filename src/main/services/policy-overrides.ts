import { StewardError } from '../../shared/errors.ts';
import type { Settings } from '../../shared/ipc/index.ts';
import { APPROVAL_KINDS, type ApprovalKind } from '../../shared/plan.ts';
import { DEFAULT_POLICY, Policy } from '../tools/policy.ts';

type Override = Settings['policyOverrides'][number];

export interface OverrideOutcome {
  policy: Policy;
  applied: Override[];
  ignored: Array<Override & { reason: string }>;
}

/**
 * Policy overrides from settings, on top of the engine's declarative policy. An override may only
 * make the policy stricter — add an approval or forbid more. It can never remove or weaken the
 * always-approve rules (payment, submission, account change): `allow` is refused, a tool that is
 * already gated keeps its kind, and a mode can only become hand-over.
 *
 * Rules (the "rule" field; effect in brackets):
 * - `tool:<name>` or `tool:<name>:<kind>` [require_approval] — the tool needs approval (kind: submission unless given).
 * - `tool:<name>` [forbid] — the engine never calls the tool.
 * - `word:<kind>:<text>` [require_approval] — clicking/pressing an element reading <text> needs approval of <kind>.
 * - `field:<text>` [forbid] — the engine never types into a field labelled <text>.
 * - `mode:<kind>:hand_over` [require_approval] — steps of <kind> are handed to the person.
 * - A bare snake_case name is a tool; any other bare text is a word (require_approval → submission) or a field (forbid).
 */
export function applyPolicyOverrides(overrides: readonly Override[], base: Policy = DEFAULT_POLICY): OverrideOutcome {
  const p: Policy = structuredClone(base);
  const out: OverrideOutcome = { policy: p, applied: [], ignored: [] };
  const ignore = (o: Override, reason: string) => out.ignored.push({ ...o, reason });
  const isKind = (k: string | undefined): k is ApprovalKind => (APPROVAL_KINDS as readonly string[]).includes(k ?? '');
  for (const o of overrides) {
    if (o.effect === 'allow') {
      ignore(o, 'Overrides may only add approvals or forbid more; the always-approve rules cannot be removed.');
      continue;
    }
    const before = out.ignored.length;
    const text = o.rule.trim();
    const [head = '', ...rest] = text.split(':');
    const prefixed = ['tool', 'word', 'field', 'mode'].includes(head) && rest.length > 0;
    const kindOf = prefixed ? head : /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(text) ? 'tool' : o.effect === 'forbid' ? 'field' : 'word';
    const args = prefixed ? rest.map((r) => r.trim()) : kindOf === 'word' ? ['submission', text] : [text];
    if (kindOf === 'tool') {
      const [name = '', kind] = args;
      if (!name) ignore(o, 'No tool name given.');
      else if (o.effect === 'forbid') p.forbidden_tools = [...new Set([...(p.forbidden_tools ?? []), name])];
      else if (kind !== undefined && !isKind(kind)) ignore(o, `Unknown approval kind "${kind}" (${APPROVAL_KINDS.join(', ')}).`);
      // an already gated tool keeps its kind (and so its mode): an override never weakens a gate
      else p.gated_tools[name] ??= kind ?? 'submission';
    } else if (kindOf === 'word') {
      const [kind, ...words] = args;
      const word = words.join(':').trim().toLowerCase();
      if (o.effect !== 'require_approval') ignore(o, 'A word rule can only require approval; use field:<label> to forbid typing.');
      else if (!isKind(kind)) ignore(o, `Unknown approval kind "${kind}" (${APPROVAL_KINDS.join(', ')}).`);
      else if (!word) ignore(o, 'No word given.');
      else if (!(p.gated_words[kind] ?? []).includes(word)) p.gated_words[kind] = [...(p.gated_words[kind] ?? []), word];
    } else if (kindOf === 'field') {
      const word = args.join(':').trim().toLowerCase();
      if (o.effect !== 'forbid') ignore(o, 'A field rule can only forbid typing.');
      else if (!word) ignore(o, 'No field label given.');
      else if (!p.forbidden_field_words.includes(word)) p.forbidden_field_words = [...p.forbidden_field_words, word];
    } else {
      const [kind, mode] = args;
      if (o.effect !== 'require_approval' || mode !== 'hand_over')
        ignore(o, 'A mode rule can only make a kind hand-over (mode:<kind>:hand_over).');
      else if (!isKind(kind)) ignore(o, `Unknown approval kind "${kind}" (${APPROVAL_KINDS.join(', ')}).`);
      else p.default_mode[kind] = 'hand_over';
    }
    if (out.ignored.length === before) out.applied.push(o);
  }
  out.policy = Policy.parse(p);
  return out;
}

/** Settings refuse overrides the engine would ignore, so the person learns why at once and loses nothing. */
export function checkPolicyOverrides(overrides: readonly Override[]): void {
  const { ignored } = applyPolicyOverrides(overrides);
  const first = ignored[0];
  if (!first) return;
  throw new StewardError('VALIDATION_ERROR', `Policy override "${first.rule}" (${first.effect}) cannot be used: ${first.reason}`, {
    details: { field: 'policyOverrides', ignored },
    suggestions: [
      'Use require_approval with tool:<name>, word:<kind>:<text> or mode:<kind>:hand_over, or forbid with tool:<name> or field:<label>.',
    ],
  });
}

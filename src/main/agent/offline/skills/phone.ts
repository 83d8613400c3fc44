import type { Field, PageModel } from '../../page-model/types.ts';
import { act, type SkillStep } from './step.ts';

const PREFIX = /^0\d{1,2}$/;
const prefixList = (f: Field) => f.kind === 'select' && (f.options ?? []).filter((o) => PREFIX.test(o.label.trim())).length >= 2;
const box = (f: Field) => !f.disabled && !f.readonly && (f.kind === 'text' || f.type === 'tel' || f.type === 'number');

/** "010-5521-7788", "01055217788", "02-765-4321" → its three parts. */
export function phoneParts(value: string): [string, string, string] | undefined {
  const v = value.trim();
  const dashed = /^(0\d{1,2})[\s.-](\d{3,4})[\s.-](\d{4})$/.exec(v);
  if (dashed) return [dashed[1] as string, dashed[2] as string, dashed[3] as string];
  const d = /^0\d{8,10}$/.test(v) ? v : undefined;
  if (!d) return undefined;
  const head = d.startsWith('02') ? 2 : 3;
  return [d.slice(0, head), d.slice(head, d.length - 4), d.slice(-4)];
}

/**
 * A phone number asked in three parts ("[010 ▾] - [    ] - [    ]"): the first part chosen in
 * the list of prefixes or typed in the first box, the other two typed in the boxes after it.
 * Undefined when `field` does not start such a run of boxes.
 */
export function splitPhone(field: Field, value: string, model: PageModel): SkillStep | undefined {
  const parts = phoneParts(value);
  if (!parts) return undefined;
  const at = model.fields.indexOf(field);
  const next = model.fields.slice(at + 1, at + 3);
  if (next.length < 2 || !next.every((f) => box(f) && f.form === field.form)) return undefined;
  // (a run of boxes for one number: a list of prefixes first, or three boxes that share their words)
  const alike = (f: Field) => f.label === field.label || f.purpose === 'phone' || !f.label.trim();
  if (!prefixList(field) && !(box(field) && field.purpose === 'phone' && next.every(alike))) return undefined;
  const [first, ...rest] = parts;
  if (field.kind === 'select') {
    const option = field.options?.find((o) => o.label.trim() === first || o.value === first);
    if (!option) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${field.label}" offers no "${first}".` };
    if (!option.selected)
      return act(
        { kind: 'select', handle: field.handle, option: option.label },
        field.label,
        `the number is asked in parts: "${first}" first`,
        {
          kind: 'value',
          handle: field.handle,
          value: option.label,
        },
      );
  } else if (field.value !== first) {
    return act({ kind: 'fill', handle: field.handle, value: first }, field.label, `the number is asked in parts: "${first}" first`, {
      kind: 'value',
      handle: field.handle,
      value: first,
    });
  }
  for (const [i, f] of next.entries()) {
    const part = rest[i] as string;
    if (f.value === part) continue;
    return act({ kind: 'fill', handle: f.handle, value: part }, f.label || field.label, `part ${i + 2} of the number: "${part}"`, {
      kind: 'value',
      handle: f.handle,
      value: part,
    });
  }
  return 'done';
}

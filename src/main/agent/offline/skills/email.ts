import type { StepRecord } from '../../loop/actions.ts';
import type { Field, PageModel } from '../../page-model/types.ts';
import { act, type SkillStep } from './step.ts';

const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const DIRECT = /직접|direct|other|enter|manual|type it|기타/i;
const domainList = (f: Field) => f.kind === 'select' && (f.options ?? []).filter((o) => DOMAIN.test(o.label.trim())).length >= 2;
const domainBox = (f: Field) => f.kind === 'text' && /domain|도메인/i.test([f.label, ...f.texts].join(' '));

/**
 * An e-mail address asked in parts ("[id] @ [domain] [naver.com ▾]"): the part before @ into
 * the first box, the domain chosen in the list when it has it, else the list's "enter it
 * yourself" option and the domain typed into its box. Undefined when `field` is not such a box.
 */
export function splitEmail(field: Field, value: string, model: PageModel, mine: StepRecord[]): SkillStep | undefined {
  const m = /^([^@\s]+)@([^@\s]+\.[a-z]{2,})$/i.exec(value.trim());
  if (!m || field.kind !== 'text' || field.type === 'email') return undefined;
  const at = model.fields.indexOf(field);
  const next = model.fields.slice(at + 1, at + 4).filter((f) => f.form === field.form);
  const list = next.find(domainList);
  const box = next.find(domainBox) ?? (list ? next.find((f) => f.kind === 'text') : undefined);
  if (!list && !box) return undefined;
  const local = m[1] ?? '';
  const domain = m[2] ?? '';
  if (field.value !== local)
    return act(
      { kind: 'fill', handle: field.handle, value: local },
      field.label,
      `the address is asked in parts: "${local}" before the @`,
      {
        kind: 'value',
        handle: field.handle,
        value: local,
      },
    );
  const shown = (f: Field | undefined) => f?.value.trim().toLowerCase() === domain.toLowerCase();
  if (shown(box)) return 'done';
  const option = list?.options?.find((o) => o.label.trim().toLowerCase() === domain.toLowerCase());
  if (list && option) {
    if (option.selected && !box) return 'done';
    if (!option.selected)
      return act({ kind: 'select', handle: list.handle, option: option.label }, list.label, `the list offers "${domain}"`, {
        kind: 'value',
        handle: list.handle,
        value: option.label,
      });
  }
  const direct = list?.options?.find((o) => DIRECT.test(o.label));
  if (list && direct && !direct.selected && !mine.some((s) => s.action.kind === 'select' && s.action.handle === list.handle))
    return act(
      { kind: 'select', handle: list.handle, option: direct.label },
      list.label,
      `"${domain}" is not in the list: "${direct.label}"`,
      {
        kind: 'value',
        handle: list.handle,
        value: direct.label,
      },
    );
  if (!box)
    return list ? { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${list.label}" has no "${domain}" and no box to type it.` } : 'done';
  return act({ kind: 'fill', handle: box.handle, value: domain }, box.label, `the domain "${domain}" after the @`, {
    kind: 'value',
    handle: box.handle,
    value: domain,
  });
}

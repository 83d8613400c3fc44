import type { Decision, StepRecord } from '../loop/actions.ts';
import type { Field, PageModel } from '../page-model/types.ts';

/**
 * Before a form is sent: the required fields of the form the errand filled that are still
 * empty. A value the request did not give is the person's to give, and a required consent
 * box is the person's to tick; both are asked in one question, before anything is sent.
 * Undefined when nothing required is missing (or the errand filled no field of a form).
 */
export function missingBeforeSend(model: PageModel, history: StepRecord[]): Decision | undefined {
  const touched = new Set(history.filter((h) => h.ok).flatMap((h) => ('handle' in h.action && h.action.handle ? [h.action.handle] : [])));
  const handles = new Set([
    ...touched,
    ...model.groups.flatMap((g) => (g.options.some((o) => touched.has(o.handle)) ? g.options.map((o) => o.handle) : [])),
  ]);
  const forms = new Set(model.fields.filter((f) => handles.has(f.handle)).map((f) => f.form));
  if (!forms.size) return undefined;
  const mine = model.fields.filter((f) => forms.has(f.form) && f.required && !f.disabled && !f.readonly);
  const values: string[] = [];
  const consents: string[] = [];
  const seenGroups = new Set<string>();
  for (const f of mine) {
    if (f.kind === 'checkbox') {
      if (!f.checked) consents.push(f.label);
      continue;
    }
    if (f.kind === 'radio') {
      const key = f.group || f.handle;
      if (seenGroups.has(key)) continue;
      seenGroups.add(key);
      const peers = model.fields.filter((x) => x.kind === 'radio' && (x.group || x.handle) === key);
      if (!peers.some((x) => x.checked)) values.push(groupLabel(f, model));
      continue;
    }
    if (!f.value.trim()) values.push(f.label || f.placeholder || f.purpose);
  }
  if (!values.length && !consents.length) return undefined;
  const ko: string[] = [];
  const en: string[] = [];
  if (values.length) {
    ko.push(`보내기 전에 알려 주세요: ${values.map((v) => `"${v}"`).join(', ')}.`);
    en.push(`Before I send it, please tell me: ${values.map((v) => `"${v}"`).join(', ')}.`);
  }
  if (consents.length) {
    ko.push(`동의는 직접 해 주셔야 해요: ${consents.map((v) => `"${v}"`).join(', ')} — 동의하시면 그렇게 말씀해 주세요.`);
    en.push(`The consent is yours to give: ${consents.map((v) => `"${v}"`).join(', ')} — say so if you agree.`);
  }
  return {
    type: 'ask',
    why: `required before sending: ${[...values, ...consents].join(' / ')}`,
    question: { ko: ko.join(' '), en: en.join(' ') },
  };
}

function groupLabel(f: Field, model: PageModel): string {
  return model.groups.find((g) => g.options.some((o) => o.handle === f.handle))?.label || f.label;
}

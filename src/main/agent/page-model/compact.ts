import type { PageModel } from './types.ts';

const q = (s: string, n = 60) => JSON.stringify(s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The page model as a few hundred lines a model (or a person reading the log) can take in:
 * one line per thing that can be acted on, led by its handle.
 */
export function compactModel(m: PageModel, maxLines = 160): string {
  const lines: string[] = [`page ${q(m.title, 80)} ${m.url}`];
  for (const d of m.dialogs)
    lines.push(
      `dialog${d.modal ? ' (modal)' : ''} ${q(d.text, 100)} buttons: ${d.buttons.map((b) => `[${b.handle}] ${q(b.text, 30)}`).join(' ')}`,
    );
  for (const msg of m.messages) lines.push(`message (${msg.kind}) ${q(msg.text, 120)}`);
  for (const f of m.forms) {
    lines.push(`form ${f.idx}${f.name ? ` ${q(f.name)}` : ''}${f.submit ? ` submit [${f.submit.handle}] ${q(f.submit.text, 30)}` : ''}`);
    for (const x of f.fields) {
      const opts = x.options
        ? ` options: ${x.options
            .slice(0, 12)
            .map((o) => q(o.label, 24))
            .join(', ')}`
        : '';
      const state = x.checked !== null ? (x.checked ? ' checked' : ' unchecked') : x.value ? ` value=${q(x.value, 40)}` : '';
      lines.push(
        `  [${x.handle}] ${x.kind} ${q(x.label)} purpose=${x.purpose}${state}${x.required ? ' required' : ''}${x.disabled ? ' disabled' : ''}${opts}`,
      );
    }
  }
  for (const t of m.tabs) lines.push(`tab [${t.handle}] ${q(t.text, 30)}${t.selected ? ' (selected)' : ''}`);
  for (const s of m.steppers) lines.push(`stepper ${q(s.label, 30)} value=${s.value} − [${s.dec}] + [${s.inc}]`);
  for (const c of m.calendars)
    lines.push(
      `calendar ${c.months.map((x) => `${x.year}-${x.month}`).join(', ')} prev [${c.prev}] next [${c.next}] days: ${c.days
        .filter((d) => !d.dim)
        .map((d) => `${d.day}=[${d.handle}]`)
        .join(' ')}`,
    );
  for (const s of m.scrollables) lines.push(`scroll box [${s.handle}] ${q(s.label, 40)}${s.atEnd ? ' (at end)' : ''}`);
  for (const l of m.lists) {
    lines.push(`list ${l.idx} (${l.kind}, ${l.records.length} records)${l.headers.length ? ` headers: ${l.headers.join(' | ')}` : ''}`);
    for (const r of l.records.slice(0, 20))
      lines.push(
        `  #${r.index + 1} [${r.handle}] ${q(r.cells.join(' · '), 140)} actions: ${r.actions.map((a) => `[${a.handle}] ${q(a.text, 24)}`).join(' ')}`,
      );
  }
  const listed = new Set([
    ...m.forms.flatMap((f) => (f.submit ? [f.submit.handle] : [])),
    ...m.dialogs.flatMap((d) => d.buttons.map((b) => b.handle)),
    ...m.lists.flatMap((l) => l.records.flatMap((r) => r.actions.map((a) => a.handle))),
  ]);
  for (const b of m.buttons)
    if (!listed.has(b.handle) && b.kind !== 'tab' && b.text)
      lines.push(`${b.kind} [${b.handle}] ${q(b.text, 50)}${b.disabled ? ' disabled' : ''}`);
  if (m.pagination.next) lines.push(`next page [${m.pagination.next}]`);
  return lines.slice(0, maxLines).join('\n');
}

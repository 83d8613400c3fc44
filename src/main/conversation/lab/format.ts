/** A laboratory comparison as text lines (the CLI's text output). */
import type { LabComparison } from './run.ts';

export function formatLab(c: LabComparison): string[] {
  const lines = [`laboratory ${c.lab_id}: ${c.routes.join(' | ')} — ${c.summary.identical}/${c.summary.turns} turns alike`];
  for (const t of c.turns) {
    lines.push(`${t.differences.length ? '≠' : '='} ${t.index + 1}. "${t.text}"`);
    for (const r of c.routes) {
      const x = t.routes[r];
      if (!x) continue;
      lines.push(`    ${r} [${x.turnId}] ${x.stage}/${x.flowState ?? '-'} tools=${x.tools.join(',') || '-'} events=${x.bundle.length}`);
      lines.push(`      ${x.reply.replace(/\n/g, ' ')}`);
    }
    for (const d of t.differences) lines.push(`    ${d}`);
  }
  return lines;
}

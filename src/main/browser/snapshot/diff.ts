export interface SnapshotLine {
  key: string;
  depth: number;
  line: string;
}

/**
 * "Only what changed": new or changed lines marked "+", removed lines marked "-", and the
 * unchanged ancestors of a change printed plainly so the agent knows where it is.
 */
export function diffLines(lines: SnapshotLine[], previous: Map<string, string>): string[] {
  const out: string[] = [];
  const stack: Array<{ line: SnapshotLine; printed: boolean }> = [];
  const seen = new Set<string>();
  for (const l of lines) {
    seen.add(l.key);
    while (stack.length && (stack.at(-1) as { line: SnapshotLine }).line.depth >= l.depth) stack.pop();
    const changed = previous.get(l.key) !== l.line;
    if (changed) {
      for (const a of stack) {
        if (a.printed) continue;
        out.push(`  ${' '.repeat(a.line.depth)}${a.line.line}`);
        a.printed = true;
      }
      out.push(`+ ${' '.repeat(l.depth)}${l.line}`);
    }
    stack.push({ line: l, printed: changed });
  }
  for (const [key, line] of previous) if (!seen.has(key)) out.push(`- ${line}`);
  return out.length ? out : ['(no changes since the last snapshot)'];
}

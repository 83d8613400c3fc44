import type { Clause } from './clauses.ts';

/**
 * "turn the weekly digest on", "sign up for the newsletter with a@b.kr" (the address into the
 * email box, then the verb's button), "sign me out on all my other devices" (the control says
 * it without "me" and "my").
 */
export function accountClause(c: string): Clause | Clause[] | undefined {
  const re = (x: RegExp) => x.exec(c);
  {
    const m = re(/^turn\s+(?:the\s+|my\s+)?(.+?)\s+(on|off)$/i);
    if (m) return { kind: 'check', ref: m[1] ?? '', checked: /on/i.test(m[2] ?? '') };
  }
  // "sign up for the newsletter with a@b.kr": the address into the email box, then the verb's button
  {
    const m = re(/^(sign up|subscribe|register|join)\b.*?\bwith\s+([^\s@]+@[^\s@]+\.[a-z]{2,})$/i);
    if (m)
      return [
        { kind: 'fill', ref: 'email|e-mail|이메일', value: m[2] ?? '' },
        { kind: 'click', ref: `${m[1]}|subscribe|sign up|join|구독|가입|신청` },
      ];
  }
  // "sign me out on all my other devices": the control says it without "me" and "my"
  {
    const m = re(/^(sign|log)\s+me\s+(out|in)\b\s*(.*)$/i);
    if (m) {
      const rest = (m[3] ?? '')
        .replace(/\b(?:on|of|from|my|the|all of)\b/gi, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return { kind: 'click', ref: `${m[1]} ${m[2]}${rest ? ` ${rest}` : ''}` };
    }
  }
  return undefined;
}

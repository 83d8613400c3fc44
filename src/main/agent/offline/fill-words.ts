import type { Clause } from './clauses.ts';
import { KO_END, unquote } from './split.ts';

/** A value put into a field named by the person: "이름에 홍길동 넣어", "type X into Y", "set Y to X". */
export function fillClause(c: string): Clause | undefined {
  const re = (x: RegExp) => x.exec(c);
  {
    const m =
      /^(.+?)\s*(?:칸|란|입력란|필드|창)?\s*(?:에다가|에다|에)\s+(.+?)\s*(?:을|를|이라고|라고|으로|로)?\s*(?:넣|입력|쓰|적|채워|채우|기입|쳐)(?!\S*(?:으로|로)$)/.exec(
        c,
      );
    if (m) return { kind: 'fill', ref: m[1] ?? '', value: unquote(m[2] ?? '') };
  }
  {
    const m = re(/^(.+?)\s*(?:을|를)\s+(.+?)\s*(?:칸|란|필드)?에\s*(?:넣|입력|쓰|적|채워)/);
    if (m) return { kind: 'fill', ref: m[2] ?? '', value: unquote(m[1] ?? '') };
  }
  {
    // the object particle first: in "보이는 이름을 jun으로" the name ends at 을, not at 보이는's 는
    const verb = '\\s*(?:으로|로)\\s*(?:설정|바꿔|바꾸|변경|해|선택|골라|고르)';
    const m = re(new RegExp(`^(.+?)\\s*(?:을|를)\\s+(.+?)${verb}`)) ?? re(new RegExp(`^(.+?)\\s*(?:은|는)\\s+(.+?)${verb}`));
    if (m) return { kind: 'fill', ref: m[1] ?? '', value: unquote(m[2] ?? '') };
  }
  {
    // "생년월일 940312 입력해": a name, then a value with digits, then the verb (no particle between)
    const m = re(/^(.+?[^에])\s+["'“]?(\S*\d[\d\s.-]*)["'”]?\s*(?:을|를|이라고|라고)?\s*(?:입력|넣|적|써|쳐|채워|누르|눌러)/);
    if (m) return { kind: 'fill', ref: m[1] ?? '', value: (m[2] ?? '').trim() };
  }
  {
    const m = re(/^(?:type|enter|put|write|input|fill in)\s+(.+?)\s+(?:in|into|as|for)\s+(?:the\s+)?(.+?)$/i);
    if (m) return { kind: 'fill', ref: m[2] ?? '', value: unquote(m[1] ?? '') };
  }
  {
    const m = re(/^fill\s+(?:in\s+|out\s+)?(?:the\s+)?(.+?)\s+with\s+(.+)$/i);
    if (m) return { kind: 'fill', ref: m[1] ?? '', value: unquote(m[2] ?? '') };
  }
  {
    const m = re(/^(?:set|change|make)\s+(?:the\s+|my\s+)?(.+?)\s+to\s+(.+)$/i) ?? re(/^(?:the|my)\s+(.+?)\s+to\s+(.+)$/i);
    if (m) return { kind: 'fill', ref: m[1] ?? '', value: unquote(m[2] ?? '') };
  }
  return undefined;
}

/** "추천 점수 7점으로 제출해줘": the last value said, then the form is sent. */
export function valueThenSend(c: string): Clause[] | undefined {
  const re = (x: RegExp) => x.exec(c);
  {
    const m = re(new RegExp(`^(.+?)\\s+(\\S+?)\\s*(?:으로|로)\\s*(?:제출|전송|보내|신청|저장)(?:해|하기|하고)?${KO_END}$`));
    if (m && /\d|[가-힣]{2}/.test(m[2] ?? '')) return [{ kind: 'fill', ref: m[1] ?? '', value: m[2] ?? '' }, { kind: 'submit' }];
  }
  return undefined;
}

/**
 * "enter my date of birth 940312 and the PIN 2580": names each followed by a value with digits,
 * one verb for all of them; each pair a field to fill.
 */
export function namedValues(c: string): Clause[] | undefined {
  const m = /^(?:enter|type(?:\s+in)?|key\s+in|put\s+in|input|fill\s+in)\s+(.+)$/i.exec(c.trim());
  if (!m) return undefined;
  const out: Clause[] = [];
  for (const part of (m[1] ?? '').split(/\s*,\s*(?:and\s+)?|\s+and\s+/i)) {
    const p = /^(?:my\s+|the\s+|your\s+)?(.+?)\s+(?:of\s+|is\s+|as\s+)?["'“]?(\d[\d\s.-]*)["'”]?$/i.exec(part.trim());
    if (!p || /^\d/.test(p[1] ?? '')) return undefined;
    out.push({ kind: 'fill', ref: p[1] ?? '', value: (p[2] ?? '').trim() });
  }
  return out.length ? out : undefined;
}

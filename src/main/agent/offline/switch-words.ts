import type { Clause } from './clauses.ts';
import { KO_END, unquote } from './split.ts';

/** The switch clause: every box of a group set one way, the ones named the other way, the ones excepted left. */
export type SwitchesClause = Extract<Clause, { kind: 'switches' }>;

/** "the ones I can't change", "필수인 것": boxes the page locks anyway, nothing to leave out by name. */
const LOCKED = /can(?:no|['’])t\s+(?:be\s+)?chang|locked|required|mandatory|always on|변경할 수 없|못\s*바꾸|바꿀 수 없|필수/i;
const OFF_EN = /\b(?:off|disable|deactivate|stop)\b/i;
const OFF_KO = /꺼|끄|비활성|해제|끊|안 ?받/;

/** "product updates and event invites", "이벤트 소식이랑 신상품 소식": the names said in one breath. */
export function namesIn(s: string): string[] {
  return s
    .split(/\s*,\s*(?:and\s+)?|\s+(?:and|or|&)\s+|\s*(?:이랑|랑|하고|와|과)\s+|\s*\+\s*/)
    .map((x) =>
      unquote(
        x
          .replace(/^(?:the|my)\s+/i, '')
          .replace(/\s+(?:on|switched on|turned on)$/i, '')
          .trim(),
      ),
    )
    .filter(Boolean);
}

const except = (s: string | undefined): string[] => (s && !LOCKED.test(s) ? namesIn(s) : []);

/**
 * Requests about a whole group of switches or boxes: "마케팅 알림은 다 꺼줘", "turn off all the
 * newsletters", "I only want product updates and event invites", "turn the other newsletters
 * off", "이벤트 소식만 켜고 나머지는 꺼줘". Nothing here knows a page: the group is found later by
 * its own words (a fieldset's legend, a group's label).
 */
export function switchesClause(c: string): SwitchesClause | undefined {
  const re = (x: RegExp) => x.exec(c.trim());
  {
    // "I only want A and B", "keep only A and B on", "only A and B should stay on"
    const m =
      re(
        /^(?:i\s+)?(?:only\s+(?:want|need|keep|leave)|want\s+only|keep\s+only|leave\s+only)\s+(?:the\s+)?(.+?)(?:\s+(?:on|switched on|turned on|enabled))?$/i,
      ) ?? re(/^only\s+(?:the\s+)?(.+?)\s+(?:should\s+)?(?:stay|be|remain)\s+(?:on|enabled)$/i);
    if (m) return { kind: 'switches', group: '', checked: false, keep: namesIn(m[1] ?? '') };
  }
  {
    // "turn the other newsletters off", "switch off the rest (of the newsletters)"
    const m =
      re(/^(?:turn|switch|set)\s+(?:all\s+)?(?:the\s+)?(?:other|rest\s+of\s+the|remaining)\s+(.*?)\s*(off|on)$/i) ??
      re(/^(?:turn|switch)\s+(off|on)\s+(?:all\s+)?(?:the\s+)?(?:other|rest\s+of\s+the|remaining|rest)\s*(.*)$/i);
    if (m) {
      const [what, way] = /^(off|on)$/i.test(m[1] ?? '') ? [m[2], m[1]] : [m[1], m[2]];
      return { kind: 'switches', group: (what ?? '').replace(/^(?:ones?|of them)$/i, ''), checked: !OFF_EN.test(way ?? ''), rest: true };
    }
  }
  {
    // "turn off all (of) the newsletters (except X)", "disable every marketing e-mail"
    const m =
      re(
        /^(?:turn|switch)\s+(off|on)\s+(?:all|every|each)\s+(?:of\s+)?(?:the\s+|my\s+)?(.+?)(?:\s+(?:except|but|apart from|other than)\s+(.+))?$/i,
      ) ??
      re(/^(disable|enable)\s+(?:all|every|each)\s+(?:of\s+)?(?:the\s+|my\s+)?(.+?)(?:\s+(?:except|but|apart from|other than)\s+(.+))?$/i);
    if (m) return { kind: 'switches', group: m[2] ?? '', checked: !OFF_EN.test(m[1] ?? ''), except: except(m[3]) };
  }
  {
    const m = re(
      /^(?:turn|switch)\s+(?:all|every|each)\s+(?:of\s+)?(?:the\s+|my\s+)?(.+?)\s+(off|on)(?:\s+(?:except|but|apart from|other than)\s+(.+))?$/i,
    );
    if (m) return { kind: 'switches', group: m[1] ?? '', checked: !OFF_EN.test(m[2] ?? ''), except: except(m[3]) };
  }
  // ---- Korean ----
  const verb = `(꺼|끄|끄기|켜|켜기|비활성화|활성화|해제|받지\\s*않게|안\\s*받게|받게)\\s*(?:해|하고|해\\s*둬|놔|둬|놓)?${KO_END}`;
  {
    // "나머지는 다 꺼줘", "다른 건 전부 꺼"
    const m = re(
      new RegExp(
        `^(?:(.+?)\\s*(?:중|에서)\\s+)?(?:나머지|다른\\s*(?:것|거|건))\\s*(?:들)?\\s*(?:은|는|을|를)?\\s*(?:다|모두|전부|싹)?\\s*${verb}$`,
      ),
    );
    if (m) return { kind: 'switches', group: m[1] ?? '', checked: !OFF_KO.test(m[2] ?? ''), rest: true };
  }
  {
    // "A랑 B만 켜줘" / "A만 받을게": the named ones on, the rest of their group off
    const m = re(/^(.+?)만\s*(?:켜|켜기|받|활성화)/);
    if (m) return { kind: 'switches', group: '', checked: false, keep: namesIn(m[1] ?? '') };
  }
  {
    // "마케팅 알림은 다 꺼줘", "알림 전부 켜 줘" (…, "필수 공지 빼고")
    const m = re(
      new RegExp(`^(?:(.+?)\\s*(?:은|는|빼고|말고|제외하고)\\s+)?(.+?)\\s*(?:은|는|을|를)?\\s*(?:다|모두|전부|싹\\s*다|전체)\\s*${verb}$`),
    );
    if (m && m[2]) {
      const head = m[1] ?? '';
      // "A 빼고 B는 다 꺼": A left as it is
      const left = /빼고|말고|제외하고/.test(c) ? except(head) : [];
      const group = left.length ? (m[2] ?? '') : [head, m[2]].filter(Boolean).join(' ');
      return { kind: 'switches', group, checked: !OFF_KO.test(m[3] ?? ''), except: left };
    }
  }
  return undefined;
}

/**
 * "I only want A and B, turn the other newsletters off", "이벤트 소식은 켜고 나머지는 다 꺼줘": the
 * second clause says which group the first one is about; the two are one setting (in the clauses
 * and in the order they were said).
 */
export function joinSwitches(clauses: Clause[], order: Array<Clause | string>): Clause[] {
  const out: Clause[] = [];
  for (const c of clauses) {
    const prev = out.at(-1);
    if (c.kind !== 'switches' || !c.rest || !prev) {
      out.push(c);
      continue;
    }
    const keep =
      prev.kind === 'switches' && prev.keep?.length && !prev.rest
        ? prev.keep
        : prev.kind === 'check' && prev.checked !== c.checked
          ? [prev.ref]
          : undefined;
    if (!keep) {
      out.push(c);
      continue;
    }
    const joined: Clause = { kind: 'switches', group: c.group || (prev.kind === 'switches' ? prev.group : ''), checked: c.checked, keep };
    out[out.length - 1] = joined;
    const at = order.indexOf(prev);
    if (at >= 0) order.splice(at, 1, joined);
    const gone = order.indexOf(c);
    if (gone >= 0) order.splice(gone, 1);
  }
  return out;
}

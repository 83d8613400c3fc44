import type { StepRecord } from '../../loop/actions.ts';
import type { Field, PageModel } from '../../page-model/types.ts';
import { cleanRef, coverage, fieldWords, normText, rank, similarity } from '../refs.ts';
import type { SwitchesClause } from '../switch-words.ts';
import { act, failedOn, notFound, type SkillStep } from './step.ts';

/** Words every group of switches may have: they tell none apart. */
const GENERIC = /^(?:알림|설정|수신|소식|notifications?|settings?|alerts?|emails?|messages?|updates?|all|every|the|other)$/i;

/** The boxes of one group (a fieldset's legend, a group's label), in the page's order. */
function groupsOf(boxes: Field[]): Map<string, Field[]> {
  const out = new Map<string, Field[]>();
  for (const f of boxes) out.set(f.group, [...(out.get(f.group) ?? []), f]);
  return out;
}

/**
 * The boxes a request about a group means: the group named like its words; else the boxes
 * whose own words hold them ("all the email ones"); else the group that holds the ones named.
 */
function membersOf(c: SwitchesClause, boxes: Field[], named: Field[]): Field[] {
  const groups = [...groupsOf(boxes).entries()];
  if (c.group) {
    const g = rank(
      c.group,
      groups.filter(([label]) => label),
      ([label]) => [label],
      0.5,
    )[0]?.item;
    if (g) return g[1];
    // the one group that shares a telling word with the request ("마케팅 알림" → "마케팅 정보 수신")
    const telling = cleanRef(c.group)
      .split(' ')
      .filter((w) => w.length >= 2 && !GENERIC.test(w));
    const sharing = groups.filter(
      ([label]) =>
        label &&
        telling.some((w) =>
          normText(label)
            .split(' ')
            .some((x) => x.startsWith(w)),
        ),
    );
    if (sharing.length === 1) return (sharing[0] as [string, Field[]])[1];
    const own = boxes.filter((f) => similarity(c.group, fieldWords(f)) >= 0.5 || coverage(c.group, fieldWords(f)) >= 1);
    if (own.length) return own;
  }
  const first = named[0];
  return first ? boxes.filter((f) => f.group === first.group) : [];
}

/**
 * "마케팅 알림은 다 꺼줘", "I only want product updates and event invites, turn the other
 * newsletters off": every switch or box of the group set one way, the ones named the other way,
 * the ones excepted — and the ones the page locks — left as they are. One click at a time, each
 * verified by the box's own state; a box that does not take two clicks stops the run.
 */
export function setSwitches(c: SwitchesClause, model: PageModel, mine: StepRecord[]): SkillStep {
  const boxes = model.fields.filter((f) => f.kind === 'checkbox');
  const named: Field[] = [];
  for (const k of c.keep ?? []) {
    const f = rank(k, boxes, fieldWords, 0.5)[0]?.item;
    if (!f) return notFound(`a switch "${k}"`);
    named.push(f);
  }
  const members = membersOf(c, boxes, named);
  if (!members.length && !named.length) return notFound(`a group of switches "${c.group}"`);
  const left = (f: Field) => (c.except ?? []).some((e) => similarity(e, fieldWords(f)) >= 0.5);
  const todo: Array<{ f: Field; want: boolean }> = [
    ...named.map((f) => ({ f, want: !c.checked })),
    ...members.filter((f) => !named.includes(f) && !left(f)).map((f) => ({ f, want: c.checked })),
  ];
  for (const { f, want } of todo) {
    if (f.checked === want || f.disabled || f.readonly) continue;
    if (failedOn(mine, f.handle) >= 2) return { type: 'fail', code: 'ACTION_NO_EFFECT', why: `"${f.label}" did not change when clicked.` };
    const why = named.includes(f)
      ? `only the ones named: turn "${f.label}" ${want ? 'on' : 'off'}`
      : `every${c.group ? ` "${c.group}"` : ''} switch ${want ? 'on' : 'off'}: "${f.label}"`;
    return act({ kind: 'click', handle: f.handle }, f.label, why, { kind: 'checked', handle: f.handle, checked: want });
  }
  return 'done';
}

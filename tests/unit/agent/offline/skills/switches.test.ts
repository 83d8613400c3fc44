import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../../src/main/agent/loop/actions.ts';
import { setSwitches } from '../../../../../src/main/agent/offline/skills/switches.ts';
import type { SwitchesClause } from '../../../../../src/main/agent/offline/switch-words.ts';
import { fieldOf, pageModelOf } from '../../page-model-parts.ts';

const sw = (n: number, label: string, group: string, checked: boolean, disabled = false) =>
  fieldOf(label, { handle: `0:${n}`, kind: 'checkbox', group, checked, disabled });

const page = (...fields: ReturnType<typeof sw>[]) => pageModelOf({ fields });
const clicked = (step: ReturnType<typeof setSwitches>) =>
  step !== 'done' && step.type === 'act' && 'handle' in step.action ? step.action.handle : step;
const none: StepRecord[] = [];

describe('a group of switches set at once', () => {
  const model = page(
    sw(1, 'SMS reminders', 'Reminders', true),
    sw(2, 'Product updates', 'Newsletters', false),
    sw(3, 'Event invites', 'Newsletters', true),
    sw(4, 'Weekly digest', 'Newsletters', true),
    sw(5, 'Security notices', 'Newsletters', true, true),
  );

  it('the named ones on first, then every other enabled switch of their group off; other groups and locked ones untouched', () => {
    const c = {
      kind: 'switches' as const,
      group: 'newsletters',
      checked: false,
      keep: ['product updates', 'event invites'],
    } satisfies SwitchesClause;
    expect(clicked(setSwitches(c, model, none))).toBe('0:2');
    const after = page(
      sw(1, 'SMS reminders', 'Reminders', true),
      sw(2, 'Product updates', 'Newsletters', true),
      sw(3, 'Event invites', 'Newsletters', true),
      sw(4, 'Weekly digest', 'Newsletters', true),
      sw(5, 'Security notices', 'Newsletters', true, true),
    );
    expect(clicked(setSwitches(c, after, none))).toBe('0:4');
    const done = page(
      sw(1, 'SMS reminders', 'Reminders', true),
      sw(2, 'Product updates', 'Newsletters', true),
      sw(3, 'Event invites', 'Newsletters', true),
      sw(4, 'Weekly digest', 'Newsletters', false),
      sw(5, 'Security notices', 'Newsletters', true, true),
    );
    expect(setSwitches(c, done, none)).toBe('done');
  });

  it('with no group said, the group that holds the named ones', () => {
    const c = { kind: 'switches' as const, group: '', checked: false, keep: ['event invites'] } satisfies SwitchesClause;
    expect(clicked(setSwitches(c, model, none))).toBe('0:4');
  });

  it('a switch excepted by name is left as it is', () => {
    const c = { kind: 'switches' as const, group: 'Newsletters', checked: false, except: ['event invites'] } satisfies SwitchesClause;
    expect(clicked(setSwitches(c, model, none))).toBe('0:4');
  });

  it('a name the page does not have is not found, nothing is clicked', () => {
    const c = { kind: 'switches' as const, group: '', checked: false, keep: ['podcast alerts'] } satisfies SwitchesClause;
    const step = setSwitches(c, model, none);
    expect(step !== 'done' && step.type).toBe('fail');
  });

  it('a group named in other words, found by the one telling word it shares ("마케팅 알림" → "마케팅 정보 수신")', () => {
    const ko = page(
      sw(1, '문자', '예약 알림', true),
      sw(2, '이메일', '마케팅 정보 수신', true),
      sw(3, '앱 푸시', '마케팅 정보 수신', false),
    );
    const c = { kind: 'switches' as const, group: '마케팅 알림', checked: false } satisfies SwitchesClause;
    expect(clicked(setSwitches(c, ko, none))).toBe('0:2');
  });
});

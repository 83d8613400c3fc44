import { describe, expect, it } from 'vitest';
import { clickRef } from '../../../../src/main/agent/offline/skills/controls.ts';
import { buttonOf, pageModelOf } from '../page-model-parts.ts';

const page = (texts: string[]) => pageModelOf({ buttons: texts.map((t, i) => buttonOf(`0:${i}`, t)) });

describe('clicking what the person named in other words', () => {
  it('the one button with the same verb phrase and most of the words ("log out all other tablets" → "Log out other sessions")', () => {
    const step = clickRef('log out all other tablets', page(['Log out', 'Log out other sessions', 'Download my data']), []);
    expect(step).toMatchObject({ type: 'act', action: { kind: 'click', handle: '0:1' } });
  });

  it('no guess when two buttons could be meant, or when the verb differs', () => {
    expect(clickRef('close all my open tickets', page(['Close all open chats', 'Close all open orders']), [])).toMatchObject({
      type: 'fail',
    });
    expect(clickRef('delete all other sessions', page(['Sign out other sessions']), [])).toMatchObject({ type: 'fail' });
  });
});

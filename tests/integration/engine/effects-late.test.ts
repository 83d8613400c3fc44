import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepInput } from '../../../src/shared/plan.ts';
import { type EffectsEngine, startEffectsEngine } from './effects-harness.ts';

/**
 * The gate's hold after an action that sets something in motion on the page, with the server's
 * request log as the oracle. The hold's quiet window overlaps the action's settle: these pages
 * act after that window (a timer, a transition's end, the next frame, a slow read, a late form
 * submission, a beacon the settle does not wait for), and what they send must still be held.
 * Pages that read late, animate, or do nothing run without asking.
 */
let engine: EffectsEngine;
beforeAll(async () => {
  engine = await startEffectsEngine();
}, 60_000);
afterAll(async () => {
  await engine?.close();
});

const button = (name: string) => ({ role: 'button', name });
const steps = (page: string, rest: StepInput[]): StepInput[] => [
  { id: 'open', type: 'navigate', url: `${engine.site.url}/t/${page}` },
  ...rest,
];
const click = (name: string): StepInput => ({ id: 'go', type: 'click', target: button(name) }) as StepInput;
/** Long enough for anything the page would still send after the plan ended to reach the server. */
const linger = () => new Promise((r) => setTimeout(r, 500));

const LATE_TRAPS: Array<[string, string]> = [
  ['late-timer', '보기 View'],
  ['late-animation', '접기 Fold'],
  ['late-submit', '둘러보기 Browse'],
  ['late-beacon', '닫기 Close'],
  ['frame-post', '새로 보기 Redraw'],
  ['late-read-then-post', '담아 보기 Try it'],
  // the handler of a read's answer sends at once, or from a timer it starts
  ['answer-post', '곧 Soon'],
  ['answer-timer', '곧 Soon'],
];

describe('the hold after an action that acts late (server log is the oracle)', () => {
  for (const [page, name] of LATE_TRAPS) {
    it(`refused: nothing reaches the server — ${page}`, async () => {
      engine.site.reset();
      const { outcome, asked } = await engine.run(steps(page, [click(name)]), 'reject');
      await linger();
      expect(engine.site.changes(), JSON.stringify(engine.site.log)).toEqual([]);
      expect(asked).toBe(1);
      expect(outcome.status).toBe('rejected');
    }, 60_000);
  }

  it('approved: a late request arrives exactly once', async () => {
    engine.site.reset();
    const { outcome, asked } = await engine.run(steps('late-timer', [click('보기 View')]), 'approve');
    expect(outcome.status, JSON.stringify(outcome.error)).toBe('completed');
    expect(asked).toBe(1);
    await linger();
    expect(engine.site.changes().map((r) => r.path)).toEqual(['/act/late-timer']);
  }, 60_000);

  it('a page that does nothing, reads late or animates runs without asking', async () => {
    engine.site.reset();
    const { outcome, asked } = await engine.run(
      [
        ...steps('idle', [click('아무것도 Nothing')]),
        { id: 'more-open', type: 'navigate', url: `${engine.site.url}/t/late-read` },
        { id: 'more', type: 'click', target: button('더 보기 Show more') },
        { id: 'more-seen', type: 'wait', text: 'Item 3' },
        { id: 'anim-open', type: 'navigate', url: `${engine.site.url}/t/animates` },
        { id: 'anim', type: 'click', target: button('열기 Open') },
        { id: 'anim-seen', type: 'wait', text: 'opened' },
      ] as StepInput[],
      'reject',
    );
    expect(outcome.status, JSON.stringify(outcome.error)).toBe('completed');
    expect(asked).toBe(0);
    expect(engine.site.changes()).toEqual([]);
    expect(engine.site.log.filter((r) => r.path === '/api/more')).toHaveLength(1);
  }, 60_000);
});

import { z } from 'zod';
import type { RuntimeTool } from '../../../src/main/tools/types.ts';
import type { Plan } from '../../../src/shared/plan.ts';

/**
 * A recording stand-in for the browser tools, used ONLY by the approval property test (the
 * other engine tests drive a real Chromium). It shows one element per plan step (uid = step
 * index) so every acting call can be traced back to the step it acted for.
 */
export interface RecordedCall {
  seq: number;
  at: string;
  tool: string;
  input: Record<string, unknown>;
  /** The step whose element was acted on (by uid), if any. */
  step_id?: string;
}

export const ACTING = new Set(['click', 'fill', 'select_option', 'press_key', 'navigate_page', 'evaluate_script']);

export class RecordingBrowser {
  calls: RecordedCall[] = [];
  values = new Map<string, string>();
  plan: Plan | undefined;
  url = 'about:blank';
  #seq = 0;

  /** Element names are unique per step so a uid identifies its step. */
  static elementName(base: string, stepId: string): string {
    return `${base} ·${stepId}`;
  }

  snapshotText(): string {
    const lines = ['RootWebArea "stand-in"'];
    for (const [i, s] of (this.plan?.steps ?? []).entries()) {
      if (!('target' in s) || !s.target) continue;
      const v = this.values.get(`1_${i}`);
      lines.push(
        ` 1_${i} ${s.target.role ?? 'button'} ${JSON.stringify(s.target.name ?? '')}${v !== undefined ? ` [value=${JSON.stringify(v)}]` : ''}`,
      );
    }
    return lines.join('\n');
  }

  /** Tools that record and answer; `hangAt` makes the n-th acting call never return (a crash mid-step). */
  tools(opts: { hangAt?: number } = {}): RuntimeTool[] {
    let acting = 0;
    const any = z.record(z.string(), z.unknown());
    const tool = (name: string, readOnly: boolean, answer: (input: Record<string, unknown>) => Record<string, unknown>): RuntimeTool => ({
      name,
      source: 'browser',
      description: `stand-in ${name}`,
      schema: any,
      readOnly,
      idempotent: readOnly,
      describe: (input) => {
        const i = typeof input.uid === 'string' ? Number(input.uid.split('_')[1]) : Number.NaN;
        const s = this.plan?.steps[i];
        return s && 'target' in s && s.target ? `${s.target.role} ${JSON.stringify(s.target.name ?? '')}` : undefined;
      },
      run: async (input) => {
        const uid = typeof input.uid === 'string' ? input.uid : undefined;
        const step = uid ? this.plan?.steps[Number(uid.split('_')[1])] : undefined;
        if (!readOnly) {
          this.calls.push({ seq: ++this.#seq, at: new Date().toISOString(), tool: name, input, ...(step ? { step_id: step.id } : {}) });
          acting++;
          if (opts.hangAt !== undefined && acting === opts.hangAt) await new Promise(() => {});
        }
        return { data: answer(input) };
      },
    });
    return [
      tool('take_snapshot', true, () => ({ snapshot: this.snapshotText(), url: this.url })),
      tool('take_screenshot', true, () => ({ screenshot: { path: '/dev/null', bytes: 0 } })),
      tool('wait_for', true, () => ({})),
      tool('wait_for_url', true, () => ({})),
      tool('navigate_page', false, (i) => {
        this.url = String(i.url);
        return { page: { url: this.url } };
      }),
      tool('click', false, () => ({})),
      tool('press_key', false, () => ({})),
      tool('fill', false, (i) => {
        this.values.set(String(i.uid), String(i.value));
        return {};
      }),
      tool('select_option', false, (i) => {
        this.values.set(String(i.uid), String((i.values as string[])[0]));
        return {};
      }),
      tool('evaluate_script', false, () => ({ result: [] })),
      tool('observe_rows', true, () => ({ rows: [] })),
    ];
  }
}

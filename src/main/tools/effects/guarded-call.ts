import { StewardError } from '../../../shared/errors.ts';
import type { BrowserToolContext } from '../../browser/context.ts';
import { type BrowserToolResult, getBrowserTool, runBrowserTool } from '../../browser/tools/index.ts';
import { webUrl } from '../policy.ts';
import { browserEffectGuard } from './browser-guard.ts';
import { describeRequests, networkEffect } from './classify.ts';
import type { Effect } from './effect.ts';
import { judgeFailClosed } from './refusal.ts';

function stopped(tool: string, effect: Effect): StewardError {
  return new StewardError(
    'APPROVAL_REQUIRED',
    `${tool} was stopped by --guard before anything reached the server: ${effect.requests.length ? `it would send ${describeRequests(effect.requests)}` : effect.reason} (${effect.kind}).`,
    {
      details: { tool, kind: effect.kind, effect },
      suggestions: [
        'Run it without --guard if you mean to send it yourself.',
        'Or let a person approve it: cdt plan run --approve ask (the same gate, with approvals).',
      ],
    },
  );
}

/**
 * A raw browser tool call under the gate by effect, for `cdt … --guard` and `cdt mcp --guard`:
 * there is nobody to ask, so an acting call the live page shows to submit, or whose
 * state-changing requests were held at the network, is refused with APPROVAL_REQUIRED and nothing
 * of it reaches the server. Without --guard the raw tools stay a developer's unguarded tools.
 */
export async function runGuardedBrowserTool(
  ctx: BrowserToolContext,
  name: string,
  input: Record<string, unknown>,
): Promise<BrowserToolResult> {
  const tool = getBrowserTool(name);
  if (!tool || tool.readOnly) return runBrowserTool(ctx, name, input);
  const url = input.url;
  if ((name === 'navigate_page' || name === 'new_page') && typeof url === 'string' && !webUrl(url)) {
    throw new StewardError(
      'POLICY_FORBIDDEN',
      `${name}: only http: and https: pages are opened under --guard, not ${url.split(':')[0]}:.`,
      {
        details: { tool: name, url },
        suggestions: ['Open an http: or https: address.'],
      },
    );
  }
  const guard = browserEffectGuard(ctx.driver);
  const call = { tool: name, input };
  const effect = await judgeFailClosed(guard, call);
  if (effect) throw stopped(name, effect);
  const watch = await guard.watch(call, 'hold');
  let result: BrowserToolResult | undefined;
  let failure: unknown;
  try {
    result = await runBrowserTool(ctx, name, input);
  } catch (e) {
    failure = e;
  }
  const held = await watch.finish();
  if (held.length) throw stopped(name, networkEffect(held, guard.pageText()));
  if (!result) throw failure;
  return result;
}

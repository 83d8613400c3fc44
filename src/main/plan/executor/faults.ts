import { StewardError } from '../../../shared/errors.ts';
import { isLostContext } from '../../browser/transport/protocol-error.ts';

/**
 * A raw protocol error that says the page's document went away (one the browser layer did not
 * already turn into CONTEXT_LOST, e.g. a script's exception text) as the CONTEXT_LOST value;
 * undefined for anything else.
 */
export function contextLost(e: unknown, tool: string): StewardError | undefined {
  if (!(e instanceof StewardError) || e.code !== 'PROTOCOL_ERROR' || !isLostContext(e.message)) return undefined;
  return new StewardError('CONTEXT_LOST', `${tool}: the page navigated away while the step ran (${e.message}).`, {
    details: { tool, protocol_message: e.message },
    suggestions: [
      'The engine brings the page back to where the plan was and tries the step once more; if it repeats, check what moves the page.',
    ],
    cause: e,
  });
}

import { StewardError } from '../../../shared/errors.ts';

/**
 * The browser's words for "the document this command worked on is gone": the page navigated,
 * reloaded or its frame went away while the command ran. Such an error is CONTEXT_LOST (retryable
 * after a new snapshot), not an opaque PROTOCOL_ERROR.
 */
const LOST_CONTEXT = [
  'cannot find context with specified id',
  'execution context was destroyed',
  'cannot find default execution context',
  'inspected target navigated or closed',
  'no frame for given id',
  'frame with the given id was not found',
  'could not find object with given id',
];

export function isLostContext(message: string): boolean {
  const said = message.toLowerCase();
  return LOST_CONTEXT.some((w) => said.includes(w));
}

/** The error value for a command the browser rejected. */
export function protocolError(method: string, message: string, details: Record<string, unknown> = {}, cause?: unknown): StewardError {
  if (isLostContext(message)) {
    return new StewardError('CONTEXT_LOST', `${method}: the page navigated away while the command ran (${message}).`, {
      details: { method, ...details },
      suggestions: ['Take a new snapshot of the page (it may have moved elsewhere) and try again.'],
      ...(cause === undefined ? {} : { cause }),
    });
  }
  return new StewardError('PROTOCOL_ERROR', `${method}: ${message}`, {
    details: { method, ...details },
    ...(cause === undefined ? {} : { cause }),
  });
}

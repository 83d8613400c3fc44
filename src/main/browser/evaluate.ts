import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../shared/errors.ts';
import { resolveElement } from './elements.ts';
import type { Page } from './page.ts';

export interface EvaluateResult {
  value: unknown;
}

function exceptionError(details: Protocol.Runtime.ExceptionDetails): StewardError {
  const description = details.exception?.description ?? details.exception?.value ?? details.text;
  const message = String(description).split('\n')[0] ?? details.text;
  // A rejected awaited promise reports 0:0; the first stack frame has the real place.
  const frame = details.stackTrace?.callFrames[0];
  const fromStack = /\n\s+at .*?:(\d+):(\d+)\)?\n?/.exec(String(details.exception?.description ?? ''));
  const location = frame
    ? { url: frame.url, line: frame.lineNumber + 1, column: frame.columnNumber + 1 }
    : fromStack
      ? { url: details.url ?? '', line: Number(fromStack[1]), column: Number(fromStack[2]) }
      : { url: details.url ?? '', line: details.lineNumber + 1, column: details.columnNumber + 1 };
  return new StewardError('SCRIPT_ERROR', `The script threw: ${message} (line ${location.line}, column ${location.column}).`, {
    details: { message, stack: details.exception?.description, location },
    suggestions: ['Fix the function and run it again; the line and column count from the start of the function text.'],
  });
}

/**
 * Runs a function in the page (or in the frame of `frameUid`, or with element uids as
 * arguments, in their frame) and returns its JSON-serialisable result; promises are awaited.
 */
export async function evaluateFunction(page: Page, fn: string, opts: { args?: string[]; frameUid?: string }): Promise<EvaluateResult> {
  page.assertUsable();
  const argUids = opts.args ?? [];
  const elements = await Promise.all(argUids.map((uid) => resolveElement(page, uid)));
  let sessionId = page.sessionId;
  let thisObject: string | undefined;
  if (opts.frameUid) {
    const frameEl = await resolveElement(page, opts.frameUid);
    const { node } = await page.send('DOM.describeNode', { backendNodeId: frameEl.backendNodeId, depth: 1 }, frameEl.sessionId);
    const child = node.frameId ? page.frames.byFrame(node.frameId) : undefined;
    if (child) sessionId = child.sessionId;
    else if (node.contentDocument) {
      const doc = await page.send('DOM.resolveNode', { backendNodeId: node.contentDocument.backendNodeId }, frameEl.sessionId);
      thisObject = doc.object.objectId;
      sessionId = frameEl.sessionId;
    } else {
      throw new StewardError('VALIDATION_ERROR', `frameUid ${opts.frameUid} is not an iframe.`, { details: { field: 'frameUid' } });
    }
  } else if (elements[0]) {
    sessionId = elements[0].sessionId;
    thisObject = elements[0].objectId;
  }
  if (elements.some((e) => e.sessionId !== sessionId)) {
    throw new StewardError('VALIDATION_ERROR', 'All element arguments must be in the same frame.', { details: { field: 'args' } });
  }
  if (!thisObject) {
    const { result } = await page.send('Runtime.evaluate', { expression: 'globalThis' }, sessionId);
    thisObject = result.objectId;
  }
  const declaration = `async function(...args) { const fn = (${fn}\n); if (typeof fn !== 'function') throw new TypeError('The script is not a function'); const v = await fn(...args); return v === undefined ? null : v; }`;
  const { result, exceptionDetails } = await page.send(
    'Runtime.callFunctionOn',
    {
      objectId: thisObject,
      functionDeclaration: declaration,
      arguments: elements.map((e) => ({ objectId: e.objectId })),
      returnByValue: true,
      awaitPromise: true,
    },
    sessionId,
  );
  if (exceptionDetails) throw exceptionError(exceptionDetails);
  return { value: result.value ?? null };
}

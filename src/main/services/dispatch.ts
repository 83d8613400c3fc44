import { StewardError, toErrorValue } from '../../shared/errors.ts';
import { INVOKE, type InvokeArgs, type InvokeChannel, type InvokeOutput, type InvokeResult } from '../../shared/ipc/index.ts';

/** One handler per invoke channel; inputs arrive already validated. */
export type Handlers = { [C in InvokeChannel]: (input: InvokeArgs<C>) => Promise<InvokeOutput<C>> };

function isChannel(name: string): name is InvokeChannel {
  return Object.hasOwn(INVOKE, name);
}

/**
 * The single door for every call from a UI, over Electron IPC or the host's WebSocket:
 * the channel must exist, the input must match its schema (VALIDATION_ERROR naming the field),
 * and whatever the handler throws comes back as an ErrorValue. The output is checked too,
 * so a UI never receives a shape the map does not promise.
 */
export async function dispatch(handlers: Handlers, channelName: string, rawInput: unknown): Promise<InvokeResult<InvokeChannel>> {
  if (!isChannel(channelName)) {
    return {
      ok: false,
      error: new StewardError('USAGE_ERROR', `Unknown channel "${channelName}".`, {
        details: { channel: channelName },
        suggestions: ['Use one of the channels of src/shared/ipc/index.ts.'],
      }).toValue(),
    };
  }
  const spec = INVOKE[channelName];
  const parsed = spec.input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') || '(input)';
    return {
      ok: false,
      error: new StewardError('VALIDATION_ERROR', `Invalid input for ${channelName} at ${path}: ${issue?.message ?? 'invalid'}.`, {
        details: { channel: channelName, path, issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
        suggestions: [`Fix the field "${path}" and call ${channelName} again.`],
      }).toValue(),
    };
  }
  try {
    const handler = handlers[channelName] as (input: unknown) => Promise<unknown>;
    const value = await handler(parsed.data);
    const out = spec.output.safeParse(value);
    if (!out.success) {
      throw new StewardError('INTERNAL', `The engine answered ${channelName} with an unexpected shape.`, {
        details: { issues: out.error.issues.slice(0, 5).map((i) => ({ path: i.path.join('.'), message: i.message })) },
      });
    }
    return { ok: true, value: out.data as InvokeOutput<InvokeChannel> };
  } catch (e) {
    return { ok: false, error: toErrorValue(e) };
  }
}

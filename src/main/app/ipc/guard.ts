import { StewardError } from '../../../shared/errors.ts';
import type { InvokeChannel, InvokeResult } from '../../../shared/ipc/index.ts';
import { dispatch, type Handlers } from '../../services/dispatch.ts';
import { isTrustedSender, type SenderFrame } from '../security.ts';

/**
 * One Electron IPC call: the sender frame must be the app's own top frame, then the usual
 * dispatch (channel known, input valid). Kept free of 'electron' so tests can call it directly.
 */
export async function guardedInvoke(
  handlers: Handlers,
  channel: string,
  sender: SenderFrame | null | undefined,
  input: unknown,
  appUrl: string,
): Promise<InvokeResult<InvokeChannel>> {
  if (!isTrustedSender(sender, appUrl)) {
    return {
      ok: false,
      error: new StewardError('PERMISSION_ERROR', 'This frame may not call the Steward engine.', {
        details: { channel, sender: sender?.url ?? null },
        suggestions: ['Only the Steward window itself can use its API.'],
      }).toValue(),
    };
  }
  return dispatch(handlers, channel, input);
}

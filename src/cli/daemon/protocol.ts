/** The broker's wire format: one JSON object per line over the Unix socket, each way. Types only. */
import type { CallerInfo } from '../caller.ts';
import type { Envelope } from '../envelope.ts';

export interface CommandCall {
  resource: string;
  verb: string;
  /** Tool flags as typed (kebab-case names, string values or true). */
  flags: Record<string, string | true>;
  page?: string;
  timeoutMs?: number;
  headless?: boolean;
  /** Absolute path of a JSON input file (--input-file). */
  inputFile?: string;
  browserEndpoint?: string;
  verbose?: boolean;
  /** Send the failure's stack trace back with the answer (--debug). */
  debug?: boolean;
  /** The gate by effect on this call (--guard): an action that would change server state is refused. */
  guard?: boolean;
}

/** `ping` answers with the daemon's pid and lock nonce (who holds the lock); `call` runs a command. */
export type DaemonRequest =
  | { id: string; op: 'ping'; caller?: CallerInfo; call?: CommandCall }
  | { id: string; op: 'call'; caller: CallerInfo; call: CommandCall };

export interface DaemonResponse {
  id: string;
  envelope: Envelope;
  exitCode: number;
  /** Human lines for --output text. */
  lines?: string[];
  /** Diagnostics the client prints on stderr (e.g. the fallback-context warning). */
  warnings?: string[];
  /** The context the call resolved to (printed on stderr with --verbose). */
  context?: { id: string; resolvedBy: string; label: string };
}

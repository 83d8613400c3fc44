import { z } from 'zod';

/**
 * One enum of error codes shared by every caller: the CDP driver, the tool runtime,
 * the CLI (exit codes), the MCP server and the UI (messages). Errors are values.
 */
export const ERROR_CODES = [
  // input and usage
  'VALIDATION_ERROR',
  'USAGE_ERROR',
  // lookups
  'PAGE_NOT_FOUND',
  'ELEMENT_NOT_FOUND',
  'CONTEXT_NOT_FOUND',
  'REQUEST_NOT_FOUND',
  'MESSAGE_NOT_FOUND',
  'STALE_UID',
  // time
  'TIMEOUT',
  // page state
  'NAVIGATION_FAILED',
  'DIALOG_OPEN',
  'DIALOG_NOT_OPEN',
  'TARGET_OUT_OF_VIEW',
  'TARGET_OBSCURED',
  'TARGET_NOT_INTERACTABLE',
  'STATE_CONFLICT',
  'PAGE_CRASHED',
  'TARGET_CLOSED',
  'CONTEXT_LOST',
  'SCRIPT_ERROR',
  // browser and connections
  'BROWSER_LAUNCH_FAILED',
  'CDP_DISCONNECTED',
  'PROTOCOL_ERROR',
  'DAEMON_UNAVAILABLE',
  'SLOT_LIMIT_REACHED',
  'FILE_ACCESS',
  'TRANSIENT',
  // engine classes (what kind of failure, for the person and support staff)
  'PERMISSION_ERROR',
  'APPROVAL_REQUIRED',
  'APPROVAL_DENIED',
  'POLICY_FORBIDDEN',
  'VERIFICATION_FAILED',
  'ACTION_NO_EFFECT',
  // external tools
  'NO_API_FOUND',
  'INVALID_ARG',
  'AUTH_REQUIRED',
  // models
  'MODEL_UNAVAILABLE',
  'SCHEMA_VALIDATION_FAILED',
  'INTERNAL',
] as const;

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorValue = z.object({
  code: ErrorCode,
  message: z.string(),
  details: z.record(z.string(), z.unknown()).default({}),
  suggestions: z.array(z.string()).min(1),
  retryable: z.boolean(),
});
export type ErrorValue = z.infer<typeof ErrorValue>;

interface CodeInfo {
  exit: number;
  retryable: boolean;
  meaning: string;
  suggestion: string;
}

/** Exit codes: 0 ok, 2 usage, 3 not found, 4 timeout, 5 state, 6 external, 7 protocol, 8 transient, 10 connection, 11 internal. */
export const CODE_INFO: Record<ErrorCode, CodeInfo> = {
  VALIDATION_ERROR: {
    exit: 2,
    retryable: false,
    meaning: 'The input does not match the schema.',
    suggestion: 'Fix the field named in details and call again.',
  },
  USAGE_ERROR: {
    exit: 2,
    retryable: false,
    meaning: 'The command or its options are not understood.',
    suggestion: 'Run the command with --help.',
  },
  PAGE_NOT_FOUND: { exit: 3, retryable: false, meaning: 'No page has that id.', suggestion: 'List the pages and pick one of their ids.' },
  ELEMENT_NOT_FOUND: {
    exit: 3,
    retryable: false,
    meaning: 'No element matches.',
    suggestion: 'Take a new snapshot and use a uid from it.',
  },
  CONTEXT_NOT_FOUND: {
    exit: 3,
    retryable: false,
    meaning: 'No browser context has that id.',
    suggestion: 'Check the context id or omit it.',
  },
  REQUEST_NOT_FOUND: {
    exit: 3,
    retryable: false,
    meaning: 'No network request has that id.',
    suggestion: 'List the network requests and pick an id.',
  },
  MESSAGE_NOT_FOUND: {
    exit: 3,
    retryable: false,
    meaning: 'No console message has that id.',
    suggestion: 'List the console messages and pick an id.',
  },
  STALE_UID: {
    exit: 3,
    retryable: false,
    meaning: 'The uid belongs to an element that changed or is gone.',
    suggestion: 'Take a new snapshot and use a uid from it.',
  },
  TIMEOUT: {
    exit: 4,
    retryable: true,
    meaning: 'The operation did not finish in time.',
    suggestion: 'Retry with a longer --timeout or check the page state.',
  },
  NAVIGATION_FAILED: {
    exit: 5,
    retryable: true,
    meaning: 'The page could not be loaded.',
    suggestion: 'Check the URL and the network, then navigate again.',
  },
  DIALOG_OPEN: {
    exit: 5,
    retryable: false,
    meaning: 'A JavaScript dialog blocks the page.',
    suggestion: 'Accept or dismiss the dialog first.',
  },
  DIALOG_NOT_OPEN: {
    exit: 5,
    retryable: false,
    meaning: 'There is no dialog to handle.',
    suggestion: 'Continue without handling a dialog.',
  },
  TARGET_OUT_OF_VIEW: {
    exit: 5,
    retryable: true,
    meaning: 'The element could not be scrolled into view.',
    suggestion: 'Scroll the container that holds it, then retry.',
  },
  TARGET_OBSCURED: {
    exit: 5,
    retryable: true,
    meaning: 'Another element covers the target.',
    suggestion: 'Close or dismiss the covering element named in details, then retry.',
  },
  TARGET_NOT_INTERACTABLE: {
    exit: 5,
    retryable: false,
    meaning: 'The element is hidden, disabled or not editable.',
    suggestion: 'Check the element state with a snapshot; enable or reveal it first.',
  },
  STATE_CONFLICT: {
    exit: 5,
    retryable: false,
    meaning: 'The operation conflicts with the current state.',
    suggestion: 'Check the current state and try a different operation.',
  },
  PAGE_CRASHED: { exit: 5, retryable: false, meaning: 'The page crashed.', suggestion: 'Close the page and open a new one.' },
  TARGET_CLOSED: {
    exit: 5,
    retryable: false,
    meaning: 'The page or frame was closed during the operation.',
    suggestion: 'List the pages and select an open one.',
  },
  CONTEXT_LOST: {
    exit: 5,
    retryable: true,
    meaning: 'The page navigated or reloaded while the call ran; the document it worked on is gone.',
    suggestion: 'Take a new snapshot (or bring the page back to where it was) and retry.',
  },
  SCRIPT_ERROR: {
    exit: 5,
    retryable: false,
    meaning: 'A script run in the page threw an exception.',
    suggestion: 'Fix the script at the line and column in details, then run it again.',
  },
  BROWSER_LAUNCH_FAILED: {
    exit: 6,
    retryable: false,
    meaning: 'Chromium could not be started.',
    suggestion: 'Install Chromium (apt-get install chromium) or set CHROME_PATH.',
  },
  FILE_ACCESS: {
    exit: 6,
    retryable: false,
    meaning: 'A file could not be read or written.',
    suggestion: 'Check the path and its permissions.',
  },
  PERMISSION_ERROR: {
    exit: 6,
    retryable: false,
    meaning: 'The site or system refused permission.',
    suggestion: 'Grant the permission or take over in the browser view.',
  },
  NO_API_FOUND: {
    exit: 6,
    retryable: false,
    meaning: 'The external tool or endpoint does not exist.',
    suggestion: 'Check the tool server configuration in settings.',
  },
  INVALID_ARG: {
    exit: 2,
    retryable: false,
    meaning: 'The external tool rejected an argument.',
    suggestion: 'Correct the argument named in details.',
  },
  AUTH_REQUIRED: {
    exit: 6,
    retryable: false,
    meaning: 'The external tool needs authentication.',
    suggestion: 'Sign in or verify identity, then retry.',
  },
  MODEL_UNAVAILABLE: {
    exit: 6,
    retryable: true,
    meaning: 'The language model could not be reached.',
    suggestion: 'Check the provider settings or switch to the offline parser.',
  },
  PROTOCOL_ERROR: {
    exit: 7,
    retryable: false,
    meaning: 'The browser rejected a protocol command.',
    suggestion: 'Run with --verbose and report the details.',
  },
  SCHEMA_VALIDATION_FAILED: {
    exit: 7,
    retryable: false,
    meaning: "A model's output did not match its contract after one retry.",
    suggestion: 'Retry, switch model, or use the offline parser.',
  },
  TRANSIENT: { exit: 8, retryable: true, meaning: 'A passing failure.', suggestion: 'Retry the same command.' },
  CDP_DISCONNECTED: {
    exit: 10,
    retryable: true,
    meaning: 'The connection to the browser was lost.',
    suggestion: 'Restart the session and retry.',
  },
  DAEMON_UNAVAILABLE: {
    exit: 10,
    retryable: true,
    meaning: 'The broker daemon could not be reached.',
    suggestion: 'Retry; the daemon restarts on the next call.',
  },
  SLOT_LIMIT_REACHED: {
    exit: 5,
    retryable: true,
    meaning: 'All browser slots are in use.',
    suggestion: 'Stop an idle session or wait for one to expire.',
  },
  APPROVAL_REQUIRED: {
    exit: 5,
    retryable: false,
    meaning: 'The step needs a stored approval before it can run.',
    suggestion: 'Approve the step, then resume.',
  },
  APPROVAL_DENIED: { exit: 5, retryable: false, meaning: 'The person rejected the step.', suggestion: 'Change the plan or end the task.' },
  POLICY_FORBIDDEN: {
    exit: 5,
    retryable: false,
    meaning: 'Policy forbids the engine from doing this.',
    suggestion: 'Take over in the browser view and do it yourself.',
  },
  VERIFICATION_FAILED: {
    exit: 5,
    retryable: false,
    meaning: 'The result did not match what was expected.',
    suggestion: 'Look at the expected and seen values in details.',
  },
  ACTION_NO_EFFECT: {
    exit: 5,
    retryable: false,
    meaning: 'The action ran but nothing on the page changed.',
    suggestion:
      'Look at the page: the element may be covered, disabled or not the one meant; try another element or do it in the browser view.',
  },
  INTERNAL: {
    exit: 11,
    retryable: false,
    meaning: 'An unexpected internal error.',
    suggestion: 'Run with --verbose and report the details.',
  },
};

/** An error as a value that can also be thrown. */
export class StewardError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;
  readonly suggestions: string[];
  readonly retryable: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: Record<string, unknown>; suggestions?: string[]; retryable?: boolean; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'StewardError';
    this.code = code;
    this.details = opts.details ?? {};
    this.suggestions = opts.suggestions?.length ? opts.suggestions : [CODE_INFO[code].suggestion];
    this.retryable = opts.retryable ?? CODE_INFO[code].retryable;
  }

  toValue(): ErrorValue {
    return { code: this.code, message: this.message, details: this.details, suggestions: this.suggestions, retryable: this.retryable };
  }
}

export function isStewardError(e: unknown): e is StewardError {
  return e instanceof StewardError;
}

/** Any thrown thing as an ErrorValue; unknown errors become INTERNAL with their message. */
export function toErrorValue(e: unknown): ErrorValue {
  if (isStewardError(e)) return e.toValue();
  const message = e instanceof Error ? e.message : String(e);
  return new StewardError('INTERNAL', message).toValue();
}

/**
 * The error value of a failure reported by a tool or a pack, whose own code (OTP_EXPIRED,
 * ADDRESS_NOT_FOUND …) may not be an engine code: the engine code is that code when it is one,
 * else the class the tool gave, else INTERNAL; the tool's own code stays in details.reason.
 */
export function failureValue(reason: string, message: string, next: string, details: Record<string, unknown> = {}): ErrorValue {
  const own = ErrorCode.safeParse(reason);
  const cls = ErrorCode.safeParse(details.class);
  const code = own.success ? own.data : cls.success ? cls.data : 'INTERNAL';
  return { code, message, details: { ...details, reason }, suggestions: [next], retryable: CODE_INFO[code].retryable };
}

/** The code a failure is known by in replies and the log: the tool's own reason when it gave one. */
export function reasonOf(e: ErrorValue): string {
  return typeof e.details.reason === 'string' ? e.details.reason : e.code;
}

export function exitCodeFor(code: ErrorCode): number {
  return CODE_INFO[code].exit;
}

/** The exit code for a code read from outside (a wire envelope): an unknown one exits as INTERNAL. */
export function exitCodeOfCode(code: string): number {
  const known = ErrorCode.safeParse(code);
  return exitCodeFor(known.success ? known.data : 'INTERNAL');
}

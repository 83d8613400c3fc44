import { z } from 'zod';

/**
 * One list of error codes shared by every caller: the CDP driver, the tool runtime,
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

/**
 * The one classification of failures: what kind of thing went wrong, as the person's texts, the
 * log explorer's filter and the retry rules see it. Every code belongs to one class (code-info.ts).
 */
export const ERROR_CLASSES = [
  'permission_error',
  'timeout_error',
  'selector_not_found',
  'navigation_failed',
  'validation_failed',
  'NO_API_FOUND',
  'INVALID_ARG',
  'AUTH_REQUIRED',
  'transient_error',
  'internal_error',
] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

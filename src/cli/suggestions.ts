/** Runnable `cdt` commands added to an error's suggestions by code, so a caller can correct itself. */
import type { ErrorCode } from '../shared/errors.ts';

const BY_CODE: Partial<Record<ErrorCode, (command: string) => string[]>> = {
  PAGE_NOT_FOUND: () => ['cdt page list', 'cdt page use --page <id>'],
  TARGET_CLOSED: () => ['cdt page list', 'cdt page use --page <id>'],
  ELEMENT_NOT_FOUND: () => ['cdt capture snapshot', 'cdt observe targets'],
  STALE_UID: () => ['cdt capture snapshot'],
  TARGET_OBSCURED: () => ['cdt capture snapshot', 'cdt observe targets'],
  TARGET_OUT_OF_VIEW: () => ['cdt input scroll --help', 'cdt capture snapshot'],
  TARGET_NOT_INTERACTABLE: () => ['cdt capture snapshot'],
  DIALOG_OPEN: () => ['cdt dialog handle --action accept', 'cdt dialog handle --action dismiss'],
  DIALOG_NOT_OPEN: () => ['cdt observe state'],
  REQUEST_NOT_FOUND: () => ['cdt network list --fields id,url,status'],
  MESSAGE_NOT_FOUND: () => ['cdt console list'],
  TIMEOUT: (c) => [`${c} --timeout 60000`, 'cdt observe state'],
  NAVIGATION_FAILED: () => ['cdt page list', 'cdt page navigate --url <url>'],
  VALIDATION_ERROR: (c) => [`${c} --describe`],
  CDP_DISCONNECTED: () => ['cdt session restart'],
  PAGE_CRASHED: () => ['cdt page close', 'cdt page open --url <url>'],
  BROWSER_LAUNCH_FAILED: () => ['cdt session start --verbose'],
  PROTOCOL_ERROR: (c) => [`${c} --verbose`],
  INTERNAL: (c) => [`${c} --verbose`],
};

/** The error's own suggestions followed by the runnable commands for its code (no duplicates). */
export function withCommandSuggestions(code: ErrorCode, suggestions: string[], command: string): string[] {
  const extra = BY_CODE[code]?.(command) ?? [];
  return [...new Set([...suggestions, ...extra])];
}

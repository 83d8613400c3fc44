/** `cdt errors`: every error code with its exit code, whether a retry can help, meaning and first suggestion. */
import { CODE_INFO, ERROR_CODES } from '../shared/errors.ts';
import { emit, okEnvelope } from './output.ts';

export const EXIT_CODE_MEANINGS: Record<number, string> = {
  0: 'ok',
  2: 'usage or validation',
  3: 'not found (page, context, element)',
  4: 'timeout',
  5: 'state conflict',
  6: 'external dependency (Chrome launch, file access)',
  7: 'protocol',
  8: 'transient (retry)',
  10: 'daemon or browser connection',
  11: 'internal',
};

export function errorTable() {
  return ERROR_CODES.map((code) => ({
    code,
    exitCode: CODE_INFO[code].exit,
    retryable: CODE_INFO[code].retryable,
    meaning: CODE_INFO[code].meaning,
    suggestion: CODE_INFO[code].suggestion,
  }));
}

export function printErrors(output: 'json' | 'text'): number {
  const errors = errorTable();
  const lines = errors.map((e) => `${e.code.padEnd(26)} exit ${String(e.exitCode).padEnd(3)} ${e.meaning}`);
  lines.push('', 'Exit codes:', ...Object.entries(EXIT_CODE_MEANINGS).map(([c, m]) => `  ${c.padStart(2)}  ${m}`));
  return emit({ ...okEnvelope({ errors, exitCodes: EXIT_CODE_MEANINGS }), lines }, { output });
}

/** Errors as values: the codes and their one classification, the value, and the person's words for it. */
export { CODE_INFO, type CodeInfo } from './errors/code-info.ts';
export { ERROR_CLASSES, ERROR_CODES, type ErrorClass, ErrorCode } from './errors/codes.ts';
export { ERROR_TEXTS, type PersonError, personError } from './errors/person.ts';
export {
  ErrorValue,
  errorClassOf,
  exitCodeFor,
  exitCodeOfCode,
  failureValue,
  isStewardError,
  logError,
  reasonOf,
  StewardError,
  toErrorValue,
} from './errors/value.ts';

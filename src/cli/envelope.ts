/**
 * The JSON envelope every `cdt` command prints on stdout, and how it is printed.
 * Kept free of zod and the engine: the client's warm path imports only this file's weight.
 */

export interface ErrorBody {
  code: string;
  message: string;
  details: Record<string, unknown>;
  suggestions: string[];
}

export interface OkEnvelope {
  ok: true;
  data: unknown;
  meta: { requestId: string; durationMs: number; [k: string]: unknown };
}

export interface ErrorEnvelope {
  ok: false;
  error: ErrorBody;
  meta: { retryable: boolean; requestId?: string; durationMs?: number; [k: string]: unknown };
}

export type Envelope = OkEnvelope | ErrorEnvelope;

export interface PrintOptions {
  output: 'json' | 'text';
  fields?: string[];
  /** stdout is a terminal (colour allowed in text mode only). */
  tty?: boolean;
  /** Human lines the tool wrote (text mode prints these instead of the data). */
  lines?: string[];
}

let counter = 0;
export function newRequestId(): string {
  counter += 1;
  return `${process.pid.toString(36)}-${Date.now().toString(36)}-${counter}`;
}

/** Keeps only the named fields of every record in the result (`--fields id,url,status`). */
export function selectFields(data: unknown, fields: string[] | undefined): unknown {
  if (!fields?.length || data === null || typeof data !== 'object') return data;
  const pick = (item: unknown): unknown => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const out: Record<string, unknown> = {};
    for (const f of fields) if (f in (item as Record<string, unknown>)) out[f] = (item as Record<string, unknown>)[f];
    return out;
  };
  if (Array.isArray(data)) return data.map(pick);
  const entries = Object.entries(data as Record<string, unknown>);
  const hasLists = entries.some(([, v]) => Array.isArray(v));
  if (!hasLists) return pick(data);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    if (Array.isArray(v)) out[k] = v.map(pick);
    else if (fields.includes(k)) out[k] = v;
  }
  return out;
}

function textOf(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return `${indent}${String(value)}`;
  if (Array.isArray(value))
    return value
      .map((v) => (v && typeof v === 'object' ? `${indent}-\n${textOf(v, `${indent}  `)}` : `${indent}- ${String(v)}`))
      .join('\n');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => (v && typeof v === 'object' ? `${indent}${k}:\n${textOf(v, `${indent}  `)}` : `${indent}${k}: ${String(v)}`))
    .join('\n');
}

/** The exact text written to stdout for one envelope. */
export function renderEnvelope(env: Envelope, opts: PrintOptions): string {
  const shown: Envelope = env.ok ? { ...env, data: selectFields(env.data, opts.fields) } : env;
  if (opts.output === 'json') return `${JSON.stringify(shown)}\n`;
  const colour = opts.tty === true && !process.env.NO_COLOR;
  const paint = (code: string, s: string) => (colour ? `\u001b[${code}m${s}\u001b[0m` : s);
  if (shown.ok) {
    const body = opts.lines?.length && !opts.fields?.length ? opts.lines.join('\n') : textOf(shown.data);
    return `${body}\n`;
  }
  const e = shown.error;
  const tips = e.suggestions.map((s) => `  ${paint('36', '→')} ${s}`).join('\n');
  return `${paint('31', `error ${e.code}`)}: ${e.message}\n${tips}\n`;
}

export function writeEnvelope(env: Envelope, opts: PrintOptions): void {
  process.stdout.write(renderEnvelope(env, opts));
}

/** Diagnostics never touch stdout. */
export function diag(message: string): void {
  process.stderr.write(`cdt: ${message}\n`);
}

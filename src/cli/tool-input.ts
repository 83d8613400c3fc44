/**
 * Turns `cdt` flags into a tool's input: kebab-case flags ↔ camelCase schema fields, values coerced
 * by the field's JSON-schema type (strings stay strings; numbers, booleans, objects and arrays are
 * parsed as JSON), merged over --input-file. Validation itself is the tool's zod schema's job.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { BrowserTool } from '../main/browser/tool.ts';
import { StewardError } from '../shared/errors.ts';
import { camelToKebab, kebabToCamel } from './argv.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  description?: string;
  required?: string[];
  items?: JsonSchema;
  default?: unknown;
};

const schemaCache = new WeakMap<object, JsonSchema>();

/** The tool's input as JSON Schema (zod 4's z.toJSONSchema, input side). */
export function inputJsonSchema(tool: BrowserTool): JsonSchema {
  let s = schemaCache.get(tool);
  if (!s) {
    s = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    schemaCache.set(tool, s);
  }
  return s;
}

function types(s: JsonSchema | undefined): string[] {
  if (!s) return [];
  if (s.anyOf) return s.anyOf.flatMap(types);
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.enum) return [...new Set(s.enum.map((v) => typeof v))];
  return [];
}

function coerce(flag: string, raw: string | true, prop: JsonSchema | undefined): unknown {
  const t = types(prop);
  if (raw === true) {
    if (t.length === 0 || t.includes('boolean')) return true;
    throw new StewardError('VALIDATION_ERROR', `--${flag} needs a value`, { details: { field: flag } });
  }
  if (t.length === 1 && t[0] === 'string') return raw;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      t.length &&
      !t.includes(
        parsed === null
          ? 'null'
          : Array.isArray(parsed)
            ? 'array'
            : typeof parsed === 'number' && t.includes('integer')
              ? 'integer'
              : typeof parsed,
      )
    ) {
      return t.includes('string') ? raw : parsed;
    }
    return parsed;
  } catch {
    return raw;
  }
}

export interface InputSources {
  flags: Record<string, string | true>;
  page?: string;
  inputFile?: string;
}

export function buildToolInput(tool: BrowserTool, src: InputSources, command: string): Record<string, unknown> {
  const schema = inputJsonSchema(tool);
  const props = schema.properties ?? {};
  let input: Record<string, unknown> = {};
  if (src.inputFile) {
    let text: string;
    try {
      text = readFileSync(src.inputFile, 'utf8');
    } catch (e) {
      throw new StewardError('FILE_ACCESS', `Cannot read --input-file ${src.inputFile}: ${(e as Error).message}`, {
        details: { path: src.inputFile },
        suggestions: ['Check the path and its permissions.', `${command} --describe`],
      });
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('the top level must be a JSON object');
      input = parsed as Record<string, unknown>;
    } catch (e) {
      throw new StewardError('VALIDATION_ERROR', `--input-file ${src.inputFile} is not a JSON object: ${(e as Error).message}`, {
        details: { path: src.inputFile },
        suggestions: [`See the expected shape: ${command} --describe`],
      });
    }
  }
  for (const [flag, raw] of Object.entries(src.flags)) {
    const field = kebabToCamel(flag);
    if (!(field in props)) {
      const known = Object.keys(props).map((k) => `--${camelToKebab(k)}`);
      throw new StewardError('USAGE_ERROR', `Unknown option --${flag} for ${command}`, {
        details: { option: flag, known },
        suggestions: [`${command} --help`, ...(known.length ? [`Options: ${known.join(', ')}`] : [])],
      });
    }
    input[field] = coerce(flag, raw, props[field]);
  }
  if (src.page !== undefined && 'pageId' in props) input.pageId = coerce('page', src.page, props.pageId);
  return input;
}

/** A shell command line that would produce `example` as input (for help and --describe). */
export function exampleCommand(tool: BrowserTool, example: Record<string, unknown> | undefined): string {
  const parts = ['cdt', tool.cli.resource, tool.cli.verb];
  for (const [k, v] of Object.entries(example ?? {})) {
    const flag = k === 'pageId' ? '--page' : `--${camelToKebab(k)}`;
    if (v === true) parts.push(flag);
    else {
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      parts.push(flag, /^[\w./:@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`);
    }
  }
  return parts.join(' ');
}

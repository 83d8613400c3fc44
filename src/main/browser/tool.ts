import type { z } from 'zod';

/**
 * The shape of every browser operation (as chrome-devtools-mcp declares its tools): one small
 * object with a name, a description, a zod schema with described fields, a read-only hint and
 * a handler that writes to a response builder. The CLI, the MCP server and the tool runtime
 * all consume this one registry; there are no switch statements over tool names.
 */
export interface BrowserTool<S extends z.ZodType = z.ZodType, C = unknown> {
  /** Canonical snake_case name; the chrome-devtools-mcp name where one exists (e.g. `navigate_page`). */
  name: string;
  /** `cdt <resource> <verb>` this tool is served as. */
  cli: { resource: string; verb: string };
  category:
    | 'pages'
    | 'snapshot'
    | 'element'
    | 'input'
    | 'dialog'
    | 'runtime'
    | 'capture'
    | 'console'
    | 'network'
    | 'emulation'
    | 'trace'
    | 'observe';
  description: string;
  schema: S;
  readOnly: boolean;
  /** One valid input, shown by `--describe` and in help. */
  example?: z.input<S>;
  handler(ctx: C, input: z.output<S>, response: ToolResponse): Promise<void>;
}

/** What a handler writes: a JSON result object, files it produced, and whether to append a snapshot. */
export interface ToolResponse {
  /** Set one field of the JSON result (`data` in the CLI envelope, structured content in MCP). */
  set(key: string, value: unknown): void;
  /** A human-readable line for text output and MCP text content. */
  line(text: string): void;
  /** Record a file the operation wrote (screenshot, trace). */
  attach(file: { path: string; mimeType: string; sha256?: string; bytes?: number }): void;
  /** Ask for a fresh snapshot of the selected page to be appended after the action. */
  includeSnapshot(): void;
}

/** A plain implementation of ToolResponse that collects everything. */
export class CollectingResponse implements ToolResponse {
  readonly data: Record<string, unknown> = {};
  readonly lines: string[] = [];
  readonly files: Array<{ path: string; mimeType: string; sha256?: string; bytes?: number }> = [];
  snapshotRequested = false;

  set(key: string, value: unknown): void {
    this.data[key] = value;
  }
  line(text: string): void {
    this.lines.push(text);
  }
  attach(file: { path: string; mimeType: string; sha256?: string; bytes?: number }): void {
    this.files.push(file);
  }
  includeSnapshot(): void {
    this.snapshotRequested = true;
  }
}

export function defineTool<S extends z.ZodType, C = unknown>(tool: BrowserTool<S, C>): BrowserTool<S, C> {
  return tool;
}

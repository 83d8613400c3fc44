/**
 * A context's console messages and finished requests, appended as JSON lines to `console.jsonl`
 * and `network.jsonl` in its folder (owner-only, redacted like everything the engine stores; a
 * request's headers and body are never written). Each file stops growing at a size bound and
 * says so in its last line; the folder and its files go when the context closes.
 */
import { appendFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LogSinks } from '../../main/browser/page-services.ts';
import { redact } from '../../main/tools/redact/index.ts';

const MAX_BYTES = 20 * 1024 * 1024;

function jsonl(path: string, maxBytes: number): (line: Record<string, unknown>) => void {
  let size = 0;
  try {
    size = statSync(path).size;
  } catch {}
  let full = size >= maxBytes;
  return (line) => {
    if (full) return;
    let text = `${JSON.stringify(redact(line))}\n`;
    if (size + text.length > maxBytes) {
      full = true;
      text = `${JSON.stringify({ truncated: true, at: new Date().toISOString(), reason: `the file reached ${maxBytes} bytes` })}\n`;
    }
    try {
      appendFileSync(path, text, { mode: 0o600 });
      size += Buffer.byteLength(text);
    } catch {
      full = true; // the folder is gone (the context closed): write nothing more
    }
  };
}

export function contextLogSinks(dir: string, maxBytes = MAX_BYTES): LogSinks {
  const consoleLine = jsonl(join(dir, 'console.jsonl'), maxBytes);
  const networkLine = jsonl(join(dir, 'network.jsonl'), maxBytes);
  return {
    console: (pageId, m) => consoleLine({ pageId, ...m }),
    network: (pageId, r) => networkLine({ pageId, ...r }),
  };
}

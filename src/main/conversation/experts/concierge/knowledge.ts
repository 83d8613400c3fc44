/**
 * app_logic's knowledge, as read-only runtime tools: `faq_lookup` searches Steward's own
 * documentation (README and docs/) by the question's words and returns the best sections with
 * where they come from; `get_listing_details` returns one of the person's saved places without
 * its private fields (host ids, door codes, contacts and anything a sensitive-field name marks).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { StewardError } from '../../../../shared/errors.ts';
import { SENSITIVE_FIELD } from '../../../tools/redact/index.ts';
import type { RuntimeTool } from '../../../tools/types.ts';

/** A place the person saved (a stay, a home, a meeting point): a name and any fields. */
export type SavedPlace = { name: string } & Record<string, unknown>;

export interface DocSection {
  source: string;
  heading: string;
  text: string;
}

/** The repository root (the README and docs/ beside src/). */
export const APP_ROOT = join(import.meta.dirname, '../../../../..');

/** README.md and every Markdown file under docs/, cut at their headings. */
export function loadDocs(root: string = APP_ROOT): DocSection[] {
  const files = ['README.md'];
  try {
    for (const f of readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }))
      if (f.endsWith('.md')) files.push(join('docs', f));
  } catch {
    // no docs folder next to this build: the README alone
  }
  const out: DocSection[] = [];
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(join(root, f), 'utf8');
    } catch {
      continue;
    }
    let heading = f;
    let body: string[] = [];
    const flush = () => {
      const t = body.join('\n').trim();
      if (t) out.push({ source: relative(root, join(root, f)), heading, text: t });
      body = [];
    };
    for (const line of text.split('\n')) {
      const h = /^#{1,4}\s+(.+)$/.exec(line);
      if (h) {
        flush();
        heading = h[1]?.trim() ?? heading;
      } else body.push(line);
    }
    flush();
  }
  return out;
}

const STOP = new Set([
  'the',
  'a',
  'an',
  'is',
  'are',
  'to',
  'of',
  'in',
  'on',
  'and',
  'or',
  'how',
  'what',
  'do',
  'does',
  'i',
  'can',
  'my',
  'it',
  'for',
  'with',
]);
const words = (s: string) =>
  (s.toLowerCase().match(/[a-z0-9][a-z0-9_-]+|[가-힣]{2,}/g) ?? [])
    .filter((w) => !STOP.has(w))
    .map((w) => (/[가-힣]/.test(w) ? w.slice(0, 2) : w));

/** The sections sharing the most of the question's words (headings count double); none when nothing is shared. */
export function searchDocs(docs: DocSection[], query: string, limit = 2): Array<DocSection & { score: number }> {
  const q = new Set(words(query));
  if (!q.size) return [];
  return docs
    .map((d) => {
      const head = new Set(words(d.heading));
      const body = new Set(words(d.text));
      let score = 0;
      for (const w of q) score += (head.has(w) ? 2 : 0) + (body.has(w) ? 1 : 0);
      return { ...d, score };
    })
    .filter((d) => d.score >= Math.min(2, q.size))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

const PRIVATE = /host_?id|owner|guest_?id|door|access|code|wifi|pass|phone|email|contact|private|secret|token|key/i;

/** A saved place as an answer may show it: every field except the private ones. */
export function publicPlace(p: SavedPlace): Record<string, unknown> {
  return Object.fromEntries(Object.entries(p).filter(([k]) => !PRIVATE.test(k) && !SENSITIVE_FIELD.test(k)));
}

export function knowledgeTools(opts: { docs?: DocSection[]; places?: SavedPlace[] }): RuntimeTool[] {
  let docs = opts.docs;
  const places = opts.places ?? [];
  return [
    {
      name: 'faq_lookup',
      source: 'pack',
      description: "Search Steward's own documentation (policies, settings, help) for a question",
      schema: z.strictObject({ query: z.string().trim().min(1).max(500) }),
      readOnly: true,
      idempotent: true,
      run: async (input) => {
        docs ??= loadDocs();
        const hits = searchDocs(docs, String(input.query));
        return {
          data: { query: input.query, sections: hits.map((h) => ({ source: h.source, heading: h.heading, text: h.text.slice(0, 700) })) },
        };
      },
    },
    {
      name: 'get_listing_details',
      source: 'pack',
      description: "One of the person's saved places, without private fields",
      schema: z.strictObject({ name: z.string().trim().min(1).max(200) }),
      readOnly: true,
      idempotent: true,
      run: async (input) => {
        const want = String(input.name).toLowerCase();
        const p = places.find((x) => x.name.toLowerCase() === want) ?? places.find((x) => x.name.toLowerCase().includes(want));
        if (!p) {
          throw new StewardError('CONTEXT_NOT_FOUND', `No saved place named "${input.name}".`, {
            details: { saved: places.map((x) => x.name) },
            suggestions: ['Name one of your saved places, or save the place in settings first.'],
          });
        }
        return { data: { place: publicPlace(p) } };
      },
    },
  ];
}

/**
 * The campaign brief as conversation facts: one slot per brief path (flat names the person's
 * slot chips show), the research sources the person named, and reading them back into a brief.
 */
import { z } from 'zod';
import type { Facts, SlotSpec } from '../types.ts';
import {
  BRIEF_PATHS,
  type BriefPath,
  type BriefSlots,
  emptyBrief,
  LIST_PATHS,
  REQUIRED_PATHS,
  setBriefValue,
  splitList,
} from './contracts/brief.ts';
import type { ResearchSources } from './pipeline.ts';
import { LABELS, QUESTIONS } from './texts.ts';

export const SLOT_OF: Record<BriefPath, string> = {
  'product.name': 'product_name',
  'product.category': 'product_category',
  'product.features': 'product_features',
  'product.price_band': 'price_band',
  'target.who': 'target_who',
  'target.why': 'target_why',
  'channel.channels': 'channels',
  'goal.weekly_goal': 'weekly_goal',
};
export const PATH_OF: Record<string, BriefPath> = Object.fromEntries(BRIEF_PATHS.map((p) => [SLOT_OF[p], p]));

const Text = z.string().trim().min(1).max(500);
const List = z.array(Text).min(1).max(30);
const toList = (raw: unknown) => (Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? splitList(raw) : undefined);

export const BRIEF_SLOTS: SlotSpec[] = BRIEF_PATHS.map((path) => ({
  name: SLOT_OF[path],
  required: REQUIRED_PATHS.includes(path),
  schema: LIST_PATHS.includes(path) ? List : Text,
  ...(LIST_PATHS.includes(path) ? { normalise: toList } : {}),
  question: QUESTIONS[path],
  label: LABELS[path],
}));

/** The brief the facts hold. */
export function briefOf(facts: Facts): BriefSlots {
  let brief = emptyBrief();
  for (const path of BRIEF_PATHS) {
    const v = facts[SLOT_OF[path]];
    if (v !== undefined && v !== null && v !== '') brief = setBriefValue(brief, path, v);
  }
  return brief;
}

/** The sources the facts hold. */
export function sourcesOf(facts: Facts): ResearchSources {
  const urls = Array.isArray(facts.research_urls) ? facts.research_urls.map(String) : [];
  const url = typeof facts.search_url === 'string' ? facts.search_url : undefined;
  const query = typeof facts.search_query === 'string' && facts.search_query.trim() ? facts.search_query.trim() : undefined;
  const brief = briefOf(facts);
  const fallback = [brief.product.category, brief.target.why].filter(Boolean).join(' ');
  return { urls, ...(url ? { search: { url, query: query ?? (fallback || (brief.product.name ?? '')) } } : {}) };
}

const URL_RE = /https?:\/\/[^\s"'<>)\]]+/gi;
const SEARCH_WORDS = /검색|찾아|search|look up/i;
const QUOTED = /["“'‘「]([^"”'’」]{2,80})["”'’」]/;
const WITHOUT = /근거\s*없이|출처\s*없이|자료\s*없이|without (?:any )?sources?|no sources?|skip (?:the )?research/i;

/**
 * The sources a message names: its web addresses (one said with a search word is the search page,
 * with the quoted words to search), or that the person wants to go on without any.
 */
export function sourcesIn(text: string, facts: Facts): Facts {
  const found: Facts = {};
  const urls = [...text.matchAll(URL_RE)].map((m) => m[0].replace(/[.,;]+$/, ''));
  if (urls.length && SEARCH_WORDS.test(text)) {
    found.search_url = urls[0];
    const q = QUOTED.exec(text.replace(URL_RE, ''));
    if (q) found.search_query = (q[1] as string).trim();
    urls.shift();
  }
  if (urls.length) {
    const held = Array.isArray(facts.research_urls) ? facts.research_urls.map(String) : [];
    found.research_urls = [...new Set([...held, ...urls])];
  }
  if (!urls.length && !found.search_url && WITHOUT.test(text)) found.sources_skipped = true;
  return found;
}

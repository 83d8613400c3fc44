import type { RawPage } from '../raw.ts';
import { collectCalendars } from './calendars.ts';
import { collectCells } from './cells.ts';
import { collectContainers } from './containers.ts';
import { collectControls } from './controls.ts';
import { collectDateTexts } from './date-texts.ts';
import { domKit } from './dom.ts';
import { collectMessages } from './messages.ts';
import { collectRecords } from './records.ts';
import type { HandleRegistry } from './registry.ts';

export type { HandleRegistry } from './registry.ts';

/** The parts of the pass, each a plain function of the shared readers and the page facts. */
export interface PassParts {
  domKit: typeof domKit;
  collectContainers: typeof collectContainers;
  collectCalendars: typeof collectCalendars;
  collectRecords: typeof collectRecords;
  collectControls: typeof collectControls;
  collectMessages: typeof collectMessages;
  collectDateTexts: typeof collectDateTexts;
  collectCells: typeof collectCells;
}

const PARTS: PassParts = {
  domKit,
  collectContainers,
  collectCalendars,
  collectRecords,
  collectControls,
  collectMessages,
  collectDateTexts,
  collectCells,
};

/**
 * The one in-page pass: walks the document, open shadow roots and same-origin iframes once,
 * then reads containers, calendars, records, controls and messages in that order (controls
 * need the regions the others marked). `this` is the document's handle registry; returns the
 * facts as JSON text.
 */
export function collectPage(this: HandleRegistry, opts: { maxRecords: number }, parts: PassParts): string {
  const dom = parts.domKit(this);
  const page: RawPage = {
    url: location.href,
    title: document.title,
    lang: document.documentElement.lang || '',
    headings: [],
    controls: [],
    forms: [],
    dialogs: [],
    lists: [],
    calendars: [],
    scrollables: [],
    messages: [],
    dateTexts: [],
    scroll: { y: Math.round(window.scrollY), height: document.documentElement.scrollHeight, viewport: window.innerHeight },
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees (layout-aware), not the raw text
    textLength: (document.body?.innerText ?? '').length,
  };
  parts.collectContainers(dom, page);
  parts.collectCalendars(dom, page);
  parts.collectRecords(dom, page, opts.maxRecords);
  parts.collectControls(dom, page);
  parts.collectMessages(dom, page);
  parts.collectDateTexts(dom, page);
  parts.collectCells(dom, page);
  return JSON.stringify(page);
}

/**
 * The pass as one function declaration for Runtime.callFunctionOn: each part is a real function
 * of this folder, sent as its own source text (none refers to anything outside its body) and
 * handed to `collectPage` by name.
 */
export const PAGE_PASS_SOURCE = `function (opts) {
  const parts = { ${Object.entries(PARTS)
    .map(([name, fn]) => `${name}: (${fn.toString()})`)
    .join(',\n')} };
  return (${collectPage.toString()}).call(this, opts, parts);
}`;

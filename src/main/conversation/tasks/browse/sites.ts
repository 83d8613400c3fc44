/**
 * Which sites a browse task runs on. The person chooses: an address said in the request
 * ("search flights on https://…", "https://… 에서 찾아줘"), the page open in the browser view
 * ("이 페이지에서 …", "on this page"), or the sites listed for the pack in Settings. A chosen
 * site with no recipe runs through the agent loop; with nothing chosen, the recipes' own sites.
 */
import type { Facts } from '../../../packs/types.ts';

export interface ChosenSite {
  name: string;
  url: string;
}

const URL_IN = /https?:\/\/[^\s"'<>)]+/i;
const THIS_PAGE =
  /이\s?(?:페이지|화면|사이트|창)(?:에서|에|로)|(?:on|in|from|at)\s+this\s+(?:page|site|tab)|(?:on|in)\s+the\s+(?:open|current)\s+(?:page|tab)/i;

/** What the words of this turn say about the site: an address, or the page in front of the person. */
export function siteSaid(text: string, pageUrl: string | undefined): ChosenSite | undefined {
  const url = URL_IN.exec(text)?.[0]?.replace(/[.,;:!?]+$/, '');
  if (url && URL.canParse(url)) return { name: new URL(url).host, url };
  if (THIS_PAGE.test(text) && pageUrl && /^https?:/.test(pageUrl)) return { name: new URL(pageUrl).host, url: pageUrl };
  return undefined;
}

/** The sites of this run: the one the person named for this task, else their saved ones for the pack. */
export function chosenSites(facts: Facts, saved: ChosenSite[], one = false, text = ''): ChosenSite[] {
  const said = facts.site as ChosenSite | undefined;
  if (said?.url) return [said];
  const usable = saved.filter((s) => URL.canParse(s.url));
  if (!one || usable.length < 2) return one ? usable.slice(0, 1) : usable;
  // one site per errand (a form): the saved site whose name the person's words share most
  const words = (x: string) =>
    new Set(
      x
        .toLowerCase()
        .split(/[\s,.·()/-]+/)
        .filter((w) => w.length > 1),
    );
  const said2 = words(text);
  const score = (s: ChosenSite) => [...words(s.name)].filter((w) => [...said2].some((x) => x.includes(w) || w.includes(x))).length;
  return [[...usable].sort((a, b) => score(b) - score(a))[0] as ChosenSite];
}

/** A recipe's own site, when the chosen address is on it (same origin): the recipe is its fast path. */
export function recipeSiteOf(url: string, recipeSites: Record<string, string>): string | undefined {
  const origin = new URL(url).origin;
  return Object.entries(recipeSites).find(([, base]) => URL.canParse(base) && new URL(base).origin === origin)?.[0];
}

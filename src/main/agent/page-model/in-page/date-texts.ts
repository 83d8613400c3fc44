import type { RawPage } from '../raw.ts';
import type { Dom } from './dom.ts';

/**
 * Short visible texts that read as a date — the label of the day a page shows between its day
 * arrows or above its timetable ("Tuesday, December 1", "Tue, Dec 1, 2026", "2026년 12월 1일
 * (화)", "12.01 (화)") — outside calendars, records and controls. Runs inside the page.
 */
export function collectDateTexts(dom: Dom, page: RawPage): void {
  const { all, visible, clean, region, isControl, parentOf } = dom;
  const DATEISH =
    /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d{1,2}\s*월\s*\d{1,2}\s*일|\b\d{4}[-./]\s?\d{1,2}[-./]\s?\d{1,2}\b|\b\d{1,2}[./]\d{1,2}\s*\((?:월|화|수|목|금|토|일)\)/i;
  const inside = (el: Element): boolean => {
    for (let p: Element | null = el; p; p = parentOf(p)) {
      const r = region.get(p);
      if (r && (r.startsWith('cal:') || r.startsWith('rec:'))) return true;
      if (p !== el && isControl(p)) return true;
    }
    return false;
  };
  const out: string[] = [];
  for (const { el } of all) {
    if (out.length >= 8) break;
    if (isControl(el) || el.children.length > 3) continue;
    const own = Array.from(el.childNodes)
      .filter((c) => c.nodeType === 3)
      .map((c) => c.textContent ?? '')
      .join(' ');
    if (!DATEISH.test(own)) continue;
    const text = clean(el.textContent, 60);
    if (text.length > 40 || out.includes(text) || !visible(el) || inside(el)) continue;
    out.push(text);
  }
  page.dateTexts = out;
}

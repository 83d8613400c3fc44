import type { RawPage } from '../raw.ts';
import type { Dom } from './dom.ts';

/**
 * Calendars: a box holding 28+ clickable day numbers, its month captions and its days (disabled,
 * dimmed — another month's —, selected). Runs inside the page.
 */
export function collectCalendars(dom: Dom, page: RawPage): void {
  const { all, region, hOf, clean, parentOf, styleOf, visible, roleOf } = dom;
  // calendars: a box holding 28+ clickable day numbers
  const dayCells = all.filter(({ el }) => {
    const t = clean(el.textContent, 4);
    if (!/^\d{1,2}$/.test(t) || Number(t) < 1 || Number(t) > 31) return false;
    const tag = el.tagName;
    const role = roleOf(el);
    if (
      tag === 'BUTTON' ||
      tag === 'A' ||
      role === 'gridcell' ||
      role === 'button' ||
      el.hasAttribute('data-date') ||
      el.hasAttribute('onclick')
    )
      return true;
    return tag === 'TD' && !el.querySelector('button, a') && visible(el);
  });
  const calOf = new Map<Element, number>();
  for (const { el } of dayCells) {
    let box: Element | null = parentOf(el);
    for (let i = 0; box && i < 5; i++, box = parentOf(box)) {
      const known = calOf.get(box);
      if (known !== undefined) break;
      const inBox = dayCells.filter((d) => box?.contains(d.el));
      // a month's days are 28 or more different numbers (a seat plan repeats 1–10 on every row)
      const distinct = new Set(inBox.map((d) => clean(d.el.textContent, 4))).size;
      if (inBox.length >= 28 && distinct >= 28) {
        calOf.set(box, page.calendars.length);
        const headings: string[] = [];
        let around: Element | null = box;
        for (let j = 0; around && j < 3 && !headings.length; j++, around = parentOf(around)) {
          for (const c of Array.from(around.querySelectorAll('h1,h2,h3,h4,h5,caption,strong,span,div,th,[aria-live]'))) {
            const t = clean(c.textContent, 40);
            if (
              c.children.length <= 1 &&
              /(\d{4}\s*[년./-]\s*\d{1,2}\s*월?)|(\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4})|(\d{1,2}\s*월\s*\d{4})/i.test(
                t,
              )
            )
              if (!headings.includes(t)) headings.push(t);
          }
        }
        const br = box.getBoundingClientRect();
        page.calendars.push({
          idx: page.calendars.length,
          h: hOf(box),
          headings: headings.slice(0, 4),
          days: [],
          rect: [Math.round(br.x), Math.round(br.y), Math.round(br.width), Math.round(br.height)],
        });
        region.set(box, `cal:${page.calendars.length - 1}`);
        break;
      }
    }
  }
  for (const { el } of dayCells) {
    for (const [box, idx] of calOf) {
      if (!box.contains(el) || !visible(el)) continue;
      const cls = typeof el.className === 'string' ? el.className : '';
      page.calendars[idx]?.days.push({
        h: hOf(el),
        day: Number(clean(el.textContent, 4)),
        label: clean(el.getAttribute('aria-label') ?? el.getAttribute('data-date') ?? el.getAttribute('title'), 60),
        disabled: el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true' || /disabled|unavailable/i.test(cls),
        dim: /other|outside|adjacent|muted|prev-month|next-month/i.test(cls) || Number(styleOf(el).opacity) < 0.6,
        selected: el.getAttribute('aria-selected') === 'true' || el.getAttribute('aria-pressed') === 'true' || /selected|active/i.test(cls),
      });
      break;
    }
  }
}

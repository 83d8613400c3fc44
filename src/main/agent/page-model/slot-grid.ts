import type { Button, PageModel } from './types.ts';
import { parseClock } from './values.ts';

/**
 * A grid of resources by time — rooms × hours, courts × slots — read from the page's own
 * cells: each cell a control that names its row and its time ("Room 3, 10:00 to 11:00,
 * free"), taken hours disabled. Rows keep the page's order; cells are sorted by start.
 */
export interface SlotCell {
  handle: string;
  /** minutes after midnight */
  start: number;
  end: number;
  disabled: boolean;
  selected: boolean;
}

export interface SlotRow {
  name: string;
  cells: SlotCell[];
}

const CLOCK =
  /(?<![\d:])(?:[01]?\d|2[0-3]):[0-5]\d(?:\s?[ap]\.?m\.?)?|(?:(?:오전|오후)\s?)?\d{1,2}시(?:\s?\d{1,2}분)?|\b\d{1,2}\s?[ap]\.?m\.?\b/gi;

function clock(text: string): number | undefined {
  const t = text.trim();
  const plain = /^(\d{1,2})\s?([ap])\.?m\.?$/i.exec(t);
  if (plain) return ((Number(plain[1]) % 12) + (plain[2]?.toLowerCase() === 'p' ? 12 : 0)) * 60;
  // "14시", "9시 30분": a day's hour without 오전 / 오후
  const ko = /^(\d{1,2})시(?:\s?(\d{1,2})분)?$/.exec(t);
  if (ko && Number(ko[1]) < 24) return Number(ko[1]) * 60 + Number(ko[2] ?? 0);
  return parseClock(t);
}

/** A cell's row and hours from its own words, or from its row and column in the grid ("Court 4" × "19:00"). */
function cellOf(b: Button): { name: string; cell: SlotCell } | undefined {
  return ownWords(b) ?? placed(b);
}

function placed(b: Button): { name: string; cell: SlotCell } | undefined {
  if (!b.cell) return undefined;
  const timeIn = (t: string) => [...t.matchAll(CLOCK)].map((m) => clock(m[0])).filter((x): x is number => x !== undefined);
  // hours across the top and rooms down the side, or the other way round
  const [cols, rows] = [timeIn(b.cell.col), timeIn(b.cell.row)];
  const [times, name] = cols.length && !rows.length ? [cols, b.cell.row] : rows.length && !cols.length ? [rows, b.cell.col] : [[], ''];
  const start = times[0];
  if (start === undefined || !name) return undefined;
  return { name, cell: { handle: b.handle, start, end: times[1] ?? start + 60, disabled: b.disabled, selected: b.selected } };
}

function ownWords(b: Button): { name: string; cell: SlotCell } | undefined {
  const times = [...b.text.matchAll(CLOCK)];
  const first = times[0];
  if (!first || first.index === undefined || first.index < 2) return undefined;
  const name = b.text
    .slice(0, first.index)
    .replace(/[\s,·|:–-]+(?:from|at|부터)?\s*$/i, '')
    .trim();
  const start = clock(first[0]);
  if (!name || start === undefined) return undefined;
  const second = times[1] ? clock(times[1][0]) : undefined;
  return { name, cell: { handle: b.handle, start, end: second ?? start + 60, disabled: b.disabled, selected: b.selected } };
}

/** The page's slot grid: two or more rows of time cells, five or more cells in all; [] when it has none. */
export function slotGridOf(model: PageModel): SlotRow[] {
  const rows = new Map<string, SlotCell[]>();
  for (const b of model.buttons) {
    if (b.kind === 'link' || b.regions.some((r) => r.startsWith('cal:'))) continue;
    const c = cellOf(b);
    if (c) rows.set(c.name, [...(rows.get(c.name) ?? []), c.cell]);
  }
  const grid = [...rows.entries()]
    .filter(([, cells]) => cells.length >= 2)
    .map(([name, cells]) => ({ name, cells: cells.sort((a, b) => a.start - b.start) }));
  return grid.length >= 2 && grid.reduce((n, r) => n + r.cells.length, 0) >= 5 ? grid : [];
}

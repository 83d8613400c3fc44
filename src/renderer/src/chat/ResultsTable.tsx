import type { ReactNode } from 'react';
import type { MessageKey } from '../i18n/messages.ts';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';

type Row = Record<string, unknown>;

/**
 * The columns a result row may have, in the order they read best; a row shows those it has. Some
 * hold a second value under the first, so the table fits the conversation's width: the flight
 * number under the airline, the area under a stay's name, the departure and arrival as one time.
 */
const COLUMNS = ['site', 'airline', 'time', 'stops', 'name', 'title', 'rating', 'price', 'shipping', 'total'] as const;
type Column = (typeof COLUMNS)[number];
const MONEY: Column[] = ['price', 'shipping', 'total'];
const TEXT: Column[] = ['site', 'airline', 'name', 'title'];

const has = (v: unknown) => v !== undefined && v !== null && v !== '';

const amount = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return undefined;
  const digits = v.replace(/[^\d.]/g, '');
  return digits ? Number(digits) : undefined;
};

/** A row's value for a column (the time joins departure and arrival). */
function cellValue(r: Row, c: Column): unknown {
  if (c === 'time') return has(r.depart_time) ? `${String(r.depart_time)}→${has(r.arrive_time) ? String(r.arrive_time) : '?'}` : undefined;
  if (c === 'airline') return r.airline ?? (has(r.flight_no) ? r.flight_no : undefined);
  return r[c];
}

const link = (r: Row, text: string): ReactNode =>
  typeof r.url === 'string' && /^https?:/.test(r.url) ? (
    <a href={r.url} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  ) : (
    text
  );

/**
 * The rows a search found, side by side: each column in the UI's language, money as money, the
 * title linked to its page, and under the price (or the total) how much more each costs than the cheapest.
 */
export function ResultsTable({ rows }: { rows: Row[] }) {
  const t = useT();
  const language = useUi((s) => s.language);
  // a row read from any page may carry its name under several keys: one column says it, by the most general name
  const same = (a: Column, b: Column) => rows.every((r) => String(cellValue(r, a) ?? '') === String(cellValue(r, b) ?? ''));
  const present = COLUMNS.filter((c) => rows.some((r) => has(cellValue(r, c))));
  const columns = present.filter(
    (c) =>
      !((c === 'title' || c === 'airline') && present.includes('name') && same(c, 'name')) &&
      !(c === 'airline' && present.includes('title') && same(c, 'title')),
  );
  if (!rows.length || !columns.length) return null;
  const money = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', { style: 'currency', currency: 'KRW' });
  const basis: Column | undefined = columns.includes('total') ? 'total' : columns.includes('price') ? 'price' : undefined;
  const costs = basis ? rows.map((r) => amount(r[basis])) : [];
  const known = costs.filter((c): c is number => c !== undefined);
  const cheapest = known.length > 1 ? Math.min(...known) : undefined;
  const linkColumn = columns.find((c) => c === 'title' || c === 'name');
  const cell = (r: Row, c: Column): ReactNode => {
    const v = cellValue(r, c);
    if (!has(v)) return '—';
    if (MONEY.includes(c)) {
      const n = amount(v);
      return n === undefined ? String(v) : money.format(n);
    }
    if (c === 'stops') {
      const n = amount(v) ?? 0;
      return n === 0 ? t('results.direct') : t('results.stopsN', { n });
    }
    if (c === 'airline' && has(r.airline) && has(r.flight_no))
      return (
        <>
          {String(r.airline)}
          <span className="under">{link(r, String(r.flight_no))}</span>
        </>
      );
    if (c === 'name' && has(r.location))
      return (
        <>
          {link(r, String(v))}
          <span className="under">{String(r.location)}</span>
        </>
      );
    return c === linkColumn || (c === 'airline' && !has(r.airline)) ? link(r, String(v)) : String(v);
  };
  const difference = (i: number) =>
    costs[i] === undefined
      ? '—'
      : costs[i] === cheapest
        ? t('results.cheapest')
        : t('results.more', { amount: money.format((costs[i] as number) - (cheapest as number)) });
  return (
    <div className="results-wrap">
      <table className="results" data-testid="results-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            {columns.map((c) => (
              <th key={c} scope="col" data-column={c}>
                {t(`results.${c}` as MessageKey)}
                {c === basis && cheapest !== undefined && <span className="under">{t('results.difference')}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed list in the reply's order
            <tr key={i}>
              <td>{i + 1}</td>
              {columns.map((c) => (
                <td key={c} data-column={c} className={MONEY.includes(c) ? 'num' : TEXT.includes(c) ? 'text' : undefined}>
                  {cell(r, c)}
                  {c === basis && cheapest !== undefined && (
                    <span className="under diff" data-testid="results-difference">
                      {difference(i)}
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

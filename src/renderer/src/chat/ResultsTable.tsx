import type { MessageKey } from '../i18n/messages.ts';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';

type Row = Record<string, unknown>;

/** The columns a result row may have, in the order they read best; a row shows those it has. */
const COLUMNS = [
  'site',
  'airline',
  'flight_no',
  'depart_time',
  'arrive_time',
  'stops',
  'name',
  'title',
  'location',
  'rating',
  'price',
  'shipping',
  'total',
] as const;
type Column = (typeof COLUMNS)[number];
const MONEY: Column[] = ['price', 'shipping', 'total'];
const TEXT: Column[] = ['airline', 'name', 'title', 'location'];

const amount = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return undefined;
  const digits = v.replace(/[^\d.]/g, '');
  return digits ? Number(digits) : undefined;
};

/**
 * The rows a search found, side by side: each column in the UI's language, money as money, the
 * title linked to its page, and how much more each costs than the cheapest.
 */
export function ResultsTable({ rows }: { rows: Row[] }) {
  const t = useT();
  const language = useUi((s) => s.language);
  const columns = COLUMNS.filter((c) => rows.some((r) => r[c] !== undefined && r[c] !== null && r[c] !== ''));
  if (!rows.length || !columns.length) return null;
  const money = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', { style: 'currency', currency: 'KRW' });
  const basis: Column | undefined = columns.includes('total') ? 'total' : columns.includes('price') ? 'price' : undefined;
  const costs = basis ? rows.map((r) => amount(r[basis])) : [];
  const known = costs.filter((c): c is number => c !== undefined);
  const cheapest = known.length ? Math.min(...known) : undefined;
  const linkColumn = columns.find((c) => c === 'title' || c === 'name' || c === 'flight_no');
  const cell = (r: Row, c: Column) => {
    const v = r[c];
    if (v === undefined || v === null || v === '') return '—';
    if (MONEY.includes(c)) {
      const n = amount(v);
      return n === undefined ? String(v) : money.format(n);
    }
    if (c === 'stops') {
      const n = amount(v) ?? 0;
      return n === 0 ? t('results.direct') : t('results.stopsN', { n });
    }
    if (c === linkColumn && typeof r.url === 'string' && /^https?:/.test(r.url)) {
      return (
        <a href={r.url} target="_blank" rel="noopener noreferrer">
          {String(v)}
        </a>
      );
    }
    return String(v);
  };
  return (
    <div className="results-wrap">
      <table className="results" data-testid="results-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            {columns.map((c) => (
              <th key={c} scope="col">
                {t(`results.${c}` as MessageKey)}
              </th>
            ))}
            {cheapest !== undefined && <th scope="col">{t('results.difference')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed list in the reply's order
            <tr key={i}>
              <td>{i + 1}</td>
              {columns.map((c) => (
                <td key={c} className={MONEY.includes(c) ? 'num' : TEXT.includes(c) ? 'text' : undefined}>
                  {cell(r, c)}
                </td>
              ))}
              {cheapest !== undefined && (
                <td className="num" data-testid="results-difference">
                  {costs[i] === undefined
                    ? '—'
                    : costs[i] === cheapest
                      ? t('results.cheapest')
                      : t('results.more', { amount: money.format((costs[i] as number) - cheapest) })}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

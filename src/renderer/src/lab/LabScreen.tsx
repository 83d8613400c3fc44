import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { LabRunOutput } from '../../../shared/ipc/lab.ts';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { useT } from '../i18n/use-t.ts';

const ROUTES = ['legacy', 'domain_agent', 'orchestrator'] as const;
type Route = (typeof ROUTES)[number];

/** The laboratory: one question (and follow-ups) through the chosen routes, compared turn by turn on their event bundles. */
export function LabScreen() {
  const t = useT();
  const [question, setQuestion] = useState('');
  const [followUps, setFollowUps] = useState('');
  const [chosen, setChosen] = useState<Route[]>([...ROUTES]);
  const run = useMutation({
    mutationFn: () =>
      call('lab.run', {
        question,
        followUps: followUps
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
        routes: chosen,
      }),
  });
  const toggle = (r: Route) =>
    setChosen((c) => (c.includes(r) ? c.filter((x) => x !== r) : ROUTES.filter((x) => x === r || c.includes(x))));
  return (
    <main className="lab" aria-labelledby="lab-title">
      <div className="pane-head">
        <h2 id="lab-title">{t('lab.region')}</h2>
      </div>
      <p className="muted">{t('lab.intro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (question.trim() && chosen.length) run.mutate();
        }}
      >
        <label>
          {t('lab.question')}
          <input value={question} onChange={(e) => setQuestion(e.target.value)} required maxLength={2000} />
        </label>
        <label>
          {t('lab.then')}
          <textarea value={followUps} onChange={(e) => setFollowUps(e.target.value)} rows={3} />
        </label>
        <fieldset>
          <legend>{t('lab.routes')}</legend>
          {ROUTES.map((r) => (
            <label key={r}>
              <input type="checkbox" checked={chosen.includes(r)} onChange={() => toggle(r)} /> {t(`lab.route.${r}`)}
            </label>
          ))}
        </fieldset>
        {!chosen.length && <p role="alert">{t('lab.noRoute')}</p>}
        <button type="submit" disabled={run.isPending || !chosen.length || !question.trim()}>
          {run.isPending ? t('lab.running') : t('lab.run')}
        </button>
      </form>
      {run.error instanceof EngineError && <ErrorBox error={run.error.value} />}
      {run.data && <LabResult report={run.data} />}
    </main>
  );
}

function LabResult({ report }: { report: LabRunOutput }) {
  const t = useT();
  return (
    <section aria-label={report.lab_id} data-testid="lab-result">
      <p data-testid="lab-summary">{t('lab.summary', { identical: report.summary.identical, turns: report.summary.turns })}</p>
      {report.turns.map((turn) => (
        <article key={turn.index} data-testid="lab-turn">
          <h3>
            {t('lab.turn', { n: turn.index + 1 })}: “{turn.text}”
          </h3>
          <div style={{ display: 'grid', gridTemplateColumns: `repeat(${report.routes.length}, minmax(0, 1fr))`, gap: '0.75rem' }}>
            {report.routes.map((r) => {
              const x = turn.routes[r];
              if (!x) return <div key={r} />;
              return (
                <div key={r} data-testid={`lab-${r}`} data-turn-id={x.turnId}>
                  <h4>{t(`lab.route.${r}`)}</h4>
                  <p>
                    <code>{x.stage}</code> {x.flowState && <code>{x.flowState}</code>} {x.failure && <code>{x.failure}</code>}
                  </p>
                  <p data-testid="lab-reply">{x.reply}</p>
                  <p>
                    {t('lab.tools')}: {x.tools.join(', ') || '-'} · {t('lab.skipped')}: {x.skipped.join(', ') || '-'}
                  </p>
                  <details>
                    <summary>
                      {t('lab.events', { n: x.bundle.length })} · <code>{x.turnId}</code>
                    </summary>
                    <ol>
                      {x.bundle.map((e, i) => (
                        // events of one turn in commit order: the position is the event's identity here
                        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                        <li key={`${i}-${e.type}`}>
                          <code>{e.type}</code> {e.message}
                        </li>
                      ))}
                    </ol>
                  </details>
                </div>
              );
            })}
          </div>
          <h4>{t('lab.differences')}</h4>
          {turn.differences.length ? (
            <ul data-testid="lab-differences">
              {turn.differences.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('lab.same')}</p>
          )}
        </article>
      ))}
    </section>
  );
}

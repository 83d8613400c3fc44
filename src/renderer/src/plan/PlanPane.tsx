import { useMutation, useQuery } from '@tanstack/react-query';
import type { PlanView } from '../../../shared/ipc/index.ts';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { useT } from '../i18n/use-t.ts';
import { StepRow } from './StepRow.tsx';

/**
 * The live plan: each step with status, duration, screenshot and error; cancel, pause and resume.
 * Pause shows while steps run (it takes effect before the next step), Resume while paused.
 */
export function PlanPane({
  conversationId,
  plan,
  unverified = false,
}: {
  conversationId: string | undefined;
  plan: PlanView | undefined;
  /** The steps ran but what they found failed the checks: the plan is not shown as done. */
  unverified?: boolean;
}) {
  const t = useT();
  const control = useMutation({
    mutationFn: (what: 'conversation.cancel' | 'conversation.pause' | 'conversation.resume') =>
      call(what, { conversationId: conversationId as string }),
  });
  const info = useQuery({ queryKey: ['app.info'], queryFn: () => call('app.info', {}), staleTime: Number.POSITIVE_INFINITY });
  const canPause = Boolean(info.data?.engine.pause);
  const active = plan && ['running', 'paused', 'awaiting_approval'].includes(plan.status);
  return (
    <section aria-labelledby="plan-title" className="pane plan">
      <div className="pane-head">
        <h2 id="plan-title">{t('plan.title')}</h2>
        {plan && (
          <span className={`badge ${plan.status === 'done' && unverified ? 'failed' : plan.status}`} data-testid="plan-status">
            {plan.status === 'done' && unverified ? t('status.unverified') : t(`status.${plan.status}`)}
          </span>
        )}
        {active && (
          <div className="controls">
            {canPause && plan.status === 'paused' && (
              <button
                type="button"
                data-testid="plan-resume"
                disabled={control.isPending}
                onClick={() => control.mutate('conversation.resume')}
              >
                {t('plan.resume')}
              </button>
            )}
            {canPause && plan.status === 'running' && (
              <button
                type="button"
                data-testid="plan-pause"
                disabled={control.isPending}
                onClick={() => control.mutate('conversation.pause')}
              >
                {t('plan.pause')}
              </button>
            )}
            <button type="button" className="danger" data-testid="plan-cancel" onClick={() => control.mutate('conversation.cancel')}>
              {t('plan.cancel')}
            </button>
          </div>
        )}
      </div>
      {control.error instanceof EngineError && <ErrorBox error={control.error.value} />}
      {plan ? (
        <ol className="steps" aria-label={plan.intent}>
          {plan.steps.map((s) => (
            <StepRow key={s.id} step={s} />
          ))}
        </ol>
      ) : (
        <p className="muted">{t('plan.none')}</p>
      )}
    </section>
  );
}

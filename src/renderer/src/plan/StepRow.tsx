import type { StepView } from '../../../shared/ipc/index.ts';
import { ArtifactImage } from '../common/ArtifactImage.tsx';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { useT } from '../i18n/use-t.ts';
import { stepTitle } from './step-title.ts';

const ICON: Record<StepView['status'], string> = {
  pending: '○',
  running: '◐',
  awaiting_approval: '!',
  done: '✓',
  failed: '✕',
  skipped: '–',
  cancelled: '⊘',
};

/** One step of the plan with its status, duration, the screenshot after it and any error. */
export function StepRow({ step }: { step: StepView }) {
  const t = useT();
  return (
    <li className={`step ${step.status}`} data-testid="step" data-status={step.status}>
      <div className="step-head">
        <span aria-hidden="true" className="icon">
          {ICON[step.status]}
        </span>
        <span className="step-title" title={step.id}>
          {stepTitle(step, t)}
        </span>
        <span className="step-status">
          {/* a step that is the person's to do waits for them; it is not an approval they owe */}
          {step.type === 'hand_over' && step.status === 'awaiting_approval' ? t('status.waitingForYou') : t(`status.${step.status}`)}
        </span>
        {step.durationMs !== undefined && <span className="muted">{t('plan.duration', { ms: Math.round(step.durationMs) })}</span>}
      </div>
      {step.error && <ErrorBox error={step.error} />}
      {step.screenshotId && (
        <details>
          <summary>{t('plan.screenshot', { id: stepTitle(step, t) })}</summary>
          <ArtifactImage artifactId={step.screenshotId} alt={t('plan.screenshot', { id: stepTitle(step, t) })} />
        </details>
      )}
    </li>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { ApprovalRequest } from '../../../shared/ipc/index.ts';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { RichText, unmask } from '../common/text.tsx';
import { useT } from '../i18n/use-t.ts';

/**
 * What the engine wants to do, why it needs a person, and the before/after. Nothing proceeds
 * without a click here: the engine's approval gate holds the step until approve (or reject).
 */
export function ApprovalCard({ request }: { request: ApprovalRequest }) {
  const t = useT();
  const ref = { conversationId: request.conversationId, approvalId: request.approvalId };
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const card = useRef<HTMLElement>(null);
  // a new card takes the focus, so keyboard and screen-reader users are where the decision is
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new approval (its id) is what moves the focus
  useEffect(() => {
    card.current?.focus();
  }, [request.approvalId]);
  const decide = useMutation({
    mutationFn: async (what: 'approve' | 'reject' | 'takeOver' | 'done') => {
      if (what === 'approve') await call('conversation.approve', ref);
      else if (what === 'reject') await call('conversation.reject', reason.trim() ? { ...ref, reason: reason.trim() } : ref);
      else if (what === 'done') await call('conversation.handOverDone', ref);
      else await call('browser.takeOver', {});
    },
  });
  return (
    <section
      ref={card}
      tabIndex={-1}
      className="approval"
      role="alertdialog"
      aria-labelledby="approval-title"
      aria-describedby="approval-what"
      data-testid="approval-card"
    >
      <h2 id="approval-title">{t('approval.region')}</h2>
      <h3>{t('approval.what')}</h3>
      <p id="approval-what" data-testid="approval-action">
        <RichText text={request.action} t={t} />
      </p>
      <h3>{t('approval.why')}</h3>
      <p data-testid="approval-rule" data-kind={request.kind} data-mode={request.mode}>
        {request.rule}
      </p>
      {request.mode === 'hand_over' && <p className="warning">{t('approval.handOver')}</p>}
      {request.changes.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('approval.field')}</th>
              <th scope="col">{t('approval.before')}</th>
              <th scope="col">{t('approval.after')}</th>
            </tr>
          </thead>
          <tbody>
            {request.changes.map((c) => (
              <tr key={c.label}>
                <th scope="row">{c.label}</th>
                <td>{c.before ? unmask(c.before, t) : '—'}</td>
                <td>{c.after ? unmask(c.after, t) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {decide.error instanceof EngineError && <ErrorBox error={decide.error.value} />}
      <label htmlFor={reasonId}>{t('approval.reason')}</label>
      <input
        id={reasonId}
        data-testid="approval-reason"
        value={reason}
        maxLength={1000}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('approval.reasonHint')}
      />
      <div className="row">
        {request.mode === 'hand_over' ? (
          <button type="button" className="primary" disabled={decide.isPending} onClick={() => decide.mutate('done')}>
            {t('approval.done')}
          </button>
        ) : (
          <button type="button" className="primary" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
            {t('approval.approve')}
          </button>
        )}
        <button type="button" className="danger" disabled={decide.isPending} onClick={() => decide.mutate('reject')}>
          {t('approval.reject')}
        </button>
        {request.inBrowser !== false && (
          <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('takeOver')}>
            {t('approval.takeOver')}
          </button>
        )}
      </div>
    </section>
  );
}

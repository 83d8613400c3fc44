import type { ErrorValue } from '../../../shared/errors.ts';
import { useT } from '../i18n/use-t.ts';

/** A change the engine saves only after the person confirmed it (a command to run, an address for the API key). */
export interface RiskyChange {
  key: string;
  kind: 'mcp_command' | 'base_url';
  name?: string;
  command?: string;
  url?: string;
}

/** The changes an APPROVAL_REQUIRED answer of settings.update lists, or undefined for any other error. */
export function riskyChangesOf(error: ErrorValue | undefined): RiskyChange[] | undefined {
  if (error?.code !== 'APPROVAL_REQUIRED') return undefined;
  const changes = (error.details as { changes?: unknown } | undefined)?.changes;
  return Array.isArray(changes) ? (changes as RiskyChange[]) : undefined;
}

/** Shows exactly what would run or where the key would go, and asks before saving it. */
export function RiskyConfirm(props: { changes: RiskyChange[]; onConfirm(keys: string[]): void; onCancel(): void }) {
  const t = useT();
  return (
    <div className="warning risky-confirm" role="alertdialog" aria-labelledby="risky-title" data-testid="settings-confirm">
      <p id="risky-title">
        <strong>{t('settings.confirmTitle')}</strong>
      </p>
      <ul>
        {props.changes.map((c) => (
          <li key={c.key}>
            {c.kind === 'mcp_command' ? (
              <>
                {t('settings.confirmCommand', { name: c.name ?? '' })} <code>{c.command}</code>
              </>
            ) : (
              <>
                {t('settings.confirmBaseUrl')} <code>{c.url}</code>
              </>
            )}
          </li>
        ))}
      </ul>
      <button type="button" className="primary" onClick={() => props.onConfirm(props.changes.map((c) => c.key))}>
        {t('settings.confirmAllow')}
      </button>{' '}
      <button type="button" onClick={props.onCancel}>
        {t('settings.confirmCancel')}
      </button>
    </div>
  );
}

import { ZoomableImage } from '../common/ZoomableImage.tsx';
import { useT } from '../i18n/use-t.ts';

/** The page before and after one step, side by side and large. */
export function BeforeAfter({
  title,
  before,
  after,
  afterIsLast,
  unchanged,
}: {
  title: string;
  before?: string | undefined;
  after?: string | undefined;
  /** A failed step leaves no picture of its own: the after pane shows the page as last seen. */
  afterIsLast?: boolean;
  /** The step left the page as it was (no picture of its own). */
  unchanged?: boolean;
}) {
  const t = useT();
  const pane = (phase: string, id: string | undefined, missing: string) => (
    <figure className="ba-pane">
      <figcaption>{phase}</figcaption>
      {id ? <ZoomableImage artifactId={id} alt={t('logs.shotOf', { phase, step: title })} /> : <p className="muted">{missing}</p>}
    </figure>
  );
  return (
    <div className="before-after" data-testid="before-after">
      {pane(t('logs.before'), before, t('logs.noShot'))}
      {pane(afterIsLast ? t('logs.afterLast') : t('logs.after'), after, unchanged ? t('logs.unchanged') : t('logs.noShot'))}
    </div>
  );
}

/**
 * Coming-soon countdown (play-page §2 "coming-soon countdown", §4 step 3). The remaining time is a
 * `role="timer"` whose text changes every second as the flow's `tick` events arrive; when it ends
 * the flow starts again by itself.
 */
import { formatDateTime } from 's72-player/client';
import { useTranslator } from '../../../lib/i18n.js';
import { formatCountdown } from '../rules.js';

export interface CountdownScreenProps {
  title: string;
  /** Epoch ms. */
  availableAt: number;
  /** Epoch ms, from the flow's last tick. */
  now: number;
  backHref: string;
}

export function CountdownScreen({ title, availableAt, now, backHref }: CountdownScreenProps) {
  const i18n = useTranslator();
  const remaining = formatCountdown(availableAt - now, i18n);
  return (
    <main className="screen screen--countdown" data-testid="countdown-screen">
      <div className="notice">
        <h1 data-testid="title">{title}</h1>
        <p>{i18n.t('countdown.comingSoon')}</p>
        <p className="countdown" role="timer" aria-label={i18n.t('countdown.availableIn', { remaining })} data-testid="countdown">
          {remaining}
        </p>
        <p className="notice__when">{formatDateTime(availableAt, i18n.locale)}</p>
        <div className="error__actions">
          <a className="button" href={backHref}>
            {i18n.t('common.back')}
          </a>
        </div>
      </div>
    </main>
  );
}

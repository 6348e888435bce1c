/**
 * Coming-soon countdown (play-page §2 "coming-soon countdown", §4 step 3). The remaining time is a
 * `role="timer"` whose text changes every second as the flow's `tick` events arrive; when it ends
 * the flow starts again by itself. A live event that is not live yet (play-page §4 "Live events")
 * says so in a polite status; the flow polls its status every 5 s and plays once it is live.
 */
import { formatDateTime } from 's72-player/client';
import { useTranslator } from '../../../lib/i18n.js';
import { formatCountdown } from '../rules.js';

export interface CountdownScreenProps {
  title: string;
  /** Epoch ms; absent for a live event with no start time (only the live notice shows). */
  availableAt?: number | undefined;
  /** A live event waiting to go live. */
  live?: boolean | undefined;
  /** Epoch ms, from the flow's last tick. */
  now: number;
  backHref: string;
}

export function CountdownScreen({ title, availableAt, now, backHref, live }: CountdownScreenProps) {
  const i18n = useTranslator();
  const remaining = availableAt !== undefined ? formatCountdown(Math.max(0, availableAt - now), i18n) : undefined;
  return (
    <main className="screen screen--countdown" data-testid="countdown-screen" {...(live ? { 'data-live': 'true' } : {})}>
      <div className="notice">
        <h1 data-testid="title">{title}</h1>
        {availableAt !== undefined && remaining !== undefined ? (
          <>
            <p>{i18n.t('countdown.comingSoon')}</p>
            <p className="countdown" role="timer" aria-label={i18n.t('countdown.availableIn', { remaining })} data-testid="countdown">
              {remaining}
            </p>
            <p className="notice__when">{formatDateTime(availableAt, i18n.locale)}</p>
          </>
        ) : null}
        {live ? (
          <p role="status" data-testid="live-soon">
            {i18n.t('countdown.liveSoon')}
          </p>
        ) : null}
        <div className="error__actions">
          <a className="button" href={backHref}>
            {i18n.t('common.back')}
          </a>
        </div>
      </div>
    </main>
  );
}

/**
 * The live-ended screen (play-page §4 "Live events", §8 `live_event_completed`): shown when a live
 * event is completed or ended, at the countdown, on the streams call, or while it plays. Not an
 * error panel: a heading that takes focus (so screen readers announce the change), a short message,
 * the code in `[data-testid=error-code]` like every end state of the page, and a Back link.
 */
import { useEffect, useRef } from 'react';
import { useTranslator } from '../../../lib/i18n.js';

export interface LiveEndedScreenProps {
  /** Where the "Back" link goes (validated by the caller). */
  backHref: string;
}

/** The code the play page shows for a finished live event. */
export const LIVE_EVENT_COMPLETED = 'live_event_completed';

export function LiveEndedScreen({ backHref }: LiveEndedScreenProps) {
  const i18n = useTranslator();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <main className="screen screen--live-ended" data-testid="live-ended-screen">
      <div className="notice" role="status" aria-labelledby="live-ended-title">
        <h1 id="live-ended-title" tabIndex={-1} ref={heading}>
          {i18n.t('liveEnded.title')}
        </h1>
        <p>{i18n.t('liveEnded.message')}</p>
        <p className="visually-hidden">
          {`${i18n.t('errorScreen.code')} `}
          <code data-testid="error-code">{LIVE_EVENT_COMPLETED}</code>
        </p>
        <div className="error__actions">
          <a className="button" href={backHref}>
            {i18n.t('common.back')}
          </a>
        </div>
      </div>
    </main>
  );
}

/** The rental watch-window notice shown before playing (play-page §2, §4 "Rental"). Only renders. */
import { useTranslator } from '../../../lib/i18n.js';
import { watchWindowText } from '../rules.js';

export interface WatchWindowScreenProps {
  title: string;
  /** The window's length in minutes (the notice says it exactly, at least an hour). */
  minutes: number;
  onPlay: () => void;
  backHref: string;
}

export function WatchWindowScreen({ title, minutes, onPlay, backHref }: WatchWindowScreenProps) {
  const i18n = useTranslator();
  return (
    <main className="screen screen--watch-window" data-testid="watch-window">
      <div className="notice">
        <h1 data-testid="title">{title}</h1>
        <p role="note" data-testid="watch-window-text">
          {watchWindowText(minutes, i18n)}
        </p>
        <div className="error__actions">
          <button type="button" className="button button--primary" autoFocus onClick={onPlay} data-testid="watch-window-play">
            {i18n.t('watchWindow.play')}
          </button>
          <a className="button" href={backHref}>
            {i18n.t('common.back')}
          </a>
        </div>
      </div>
    </main>
  );
}

/** The rental watch-window notice shown before playing (play-page §2, §4 "Rental"). Only renders. */
import { watchWindowText } from '../rules.js';

export interface WatchWindowScreenProps {
  title: string;
  hours: number;
  onPlay: () => void;
  backHref: string;
}

export function WatchWindowScreen({ title, hours, onPlay, backHref }: WatchWindowScreenProps) {
  return (
    <main className="screen screen--watch-window" data-testid="watch-window">
      <div className="notice">
        <h1 data-testid="title">{title}</h1>
        <p role="note" data-testid="watch-window-text">
          {watchWindowText(hours)}
        </p>
        <div className="error__actions">
          <button type="button" className="button button--primary" autoFocus onClick={onPlay} data-testid="watch-window-play">
            Play
          </button>
          <a className="button" href={backHref}>
            Back
          </a>
        </div>
      </div>
    </main>
  );
}

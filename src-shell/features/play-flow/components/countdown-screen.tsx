/**
 * Coming-soon countdown (play-page §2 "coming-soon countdown", §4 step 3). The remaining time is a
 * `role="timer"` whose text changes every second as the flow's `tick` events arrive; when it ends
 * the flow starts again by itself.
 */
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
  const remaining = formatCountdown(availableAt - now);
  return (
    <main className="screen screen--countdown" data-testid="countdown-screen">
      <div className="notice">
        <h1 data-testid="title">{title}</h1>
        <p>Coming soon. Available to watch in</p>
        <p className="countdown" role="timer" aria-label={`Available in ${remaining}`} data-testid="countdown">
          {remaining}
        </p>
        <p className="notice__when">{new Date(availableAt).toLocaleString()}</p>
        <div className="error__actions">
          <a className="button" href={backHref}>
            Back
          </a>
        </div>
      </div>
    </main>
  );
}

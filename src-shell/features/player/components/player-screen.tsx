/**
 * The player state of the play page (play-page §2 "the player"): a full-viewport `<s72-player>`
 * with the title shown as text (in the navigation bar, or visually hidden when `nav=false`).
 */
import { S72Player, type S72PlayerElement } from '../../../../src-element/react/index.js';
import type { S72Error } from '../../../../src-element/core/errors.js';
import type { S72Content, S72PlayerConfig } from '../../../../src-element/core/types.js';

export interface PlayerScreenProps {
  content: S72Content;
  config: S72PlayerConfig;
  title: string;
  subtitle?: string | undefined;
  poster?: string | undefined;
  /** Start position, seconds. */
  startTime?: number | undefined;
  autoplay: boolean;
  /** False hides the navigation bar (`nav=false`). */
  showNavbar: boolean;
  /** Where the back link goes (validated by the caller). */
  backHref: string;
  /** Position in seconds, on every `timeupdate`. */
  onTimeUpdate?: (currentTime: number) => void;
  onEnded?: () => void;
  onError?: (error: S72Error) => void;
}

function positionOf(event: Event): number {
  const el = (event.currentTarget ?? event.target) as Partial<Pick<S72PlayerElement, 'currentTime'>> | null;
  return typeof el?.currentTime === 'number' ? el.currentTime : Number.NaN;
}

export function PlayerScreen(props: PlayerScreenProps) {
  const { content, config, title, subtitle, poster, startTime, autoplay, showNavbar, backHref } = props;
  return (
    <main className="screen screen--player" data-testid="player-screen">
      {showNavbar ? (
        <header className="navbar">
          <a className="navbar__back" href={backHref} aria-label="Back">
            <span aria-hidden="true">‹</span>
          </a>
          <div className="navbar__titles">
            <h1 className="navbar__title" data-testid="title">
              {title}
            </h1>
            {subtitle ? <p className="navbar__subtitle">{subtitle}</p> : null}
          </div>
        </header>
      ) : (
        <h1 className="visually-hidden" data-testid="title">
          {title}
        </h1>
      )}
      <S72Player
        className="player"
        content={content}
        config={config}
        {...(startTime !== undefined ? { startTime } : {})}
        autoplay={autoplay}
        {...(poster ? { poster } : {})}
        onTimeUpdate={(e: Event) => props.onTimeUpdate?.(positionOf(e))}
        onEnded={() => props.onEnded?.()}
        onS72Error={(e: CustomEvent<S72Error>) => props.onError?.(e.detail)}
      />
    </main>
  );
}

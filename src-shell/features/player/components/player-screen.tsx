/**
 * The player state of the play page (play-page §2 "the player"): a full-viewport `<s72-player>`
 * with the title shown as text (in the navigation bar, or visually hidden when `nav=false`).
 */
import { S72Player, type S72PlayerElement } from 's72-player/react';
import type { S72Error, S72Content, S72PlayerConfig } from 's72-player/client';
import type { S72Tracks } from 's72-player';
import type { MouseEvent } from 'react';
import { goToPlayHash } from '../../../config/paths.js';
import { useTranslator } from '../../../lib/i18n.js';

/** A previous / next link of the navigation bar: an available sibling (play-page §2 "Page elements"). */
export interface PlayerNavLink {
  title: string;
  /** The sibling's play route (a hash). */
  href: string;
}

export interface PlayerScreenProps {
  /** Previous and next episode or bonus (play-page §2 "Page elements"). */
  previous?: PlayerNavLink | undefined;
  next?: PlayerNavLink | undefined;
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
  /** The player's `playing` (a playlist item's playback status becomes playing, play-page §4). */
  onPlaying?: () => void;
  onEnded?: () => void;
  onError?: (error: S72Error) => void;
  /** The player's tracks, on every `s72-tracks-change` (the first one right after load). */
  onTracksChange?: (tracks: S72Tracks) => void;
  /** Shows the playlist's "Skip" control over the player (play-page §4 skip policy); absent: hidden. */
  onSkip?: (() => void) | undefined;
}

function NavItem({ link, rel }: { link: PlayerNavLink; rel: 'prev' | 'next' }) {
  const i18n = useTranslator();
  const text = i18n.t(rel === 'prev' ? 'nav.previous' : 'nav.next', { title: link.title });
  // Going to another item sets the hash and reloads the page (player-and-client §2); a click with a
  // modifier (new tab, new window) is left to the browser.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    goToPlayHash(window.location, link.href);
  };
  return (
    <a className="navbar__link" href={link.href} rel={rel} data-testid={`nav-${rel}`} onClick={onClick}>
      {text}
    </a>
  );
}

function positionOf(event: Event): number {
  const el = (event.currentTarget ?? event.target) as Partial<Pick<S72PlayerElement, 'currentTime'>> | null;
  return typeof el?.currentTime === 'number' ? el.currentTime : Number.NaN;
}

export function PlayerScreen(props: PlayerScreenProps) {
  const { content, config, title, subtitle, poster, startTime, autoplay, showNavbar, backHref } = props;
  const i18n = useTranslator();
  return (
    <main className="screen screen--player" data-testid="player-screen">
      {showNavbar ? (
        <header className="navbar">
          <a className="navbar__back" href={backHref} aria-label={i18n.t('nav.back')} data-testid="nav-back">
            <span aria-hidden="true">‹</span>
          </a>
          <div className="navbar__titles">
            {/* Catalogue text keeps its own direction (an English title on an Arabic page). */}
            <h1 className="navbar__title" data-testid="title" dir="auto">
              {title}
            </h1>
            {subtitle ? <p className="navbar__subtitle" dir="auto">{subtitle}</p> : null}
          </div>
          {props.previous || props.next ? (
            <nav className="navbar__siblings" aria-label={i18n.t('nav.siblings')}>
              {props.previous ? <NavItem link={props.previous} rel="prev" /> : null}
              {props.next ? <NavItem link={props.next} rel="next" /> : null}
            </nav>
          ) : null}
        </header>
      ) : (
        <h1 className="visually-hidden" data-testid="title">
          {title}
        </h1>
      )}
      <S72Player
        className="player"
        lang={i18n.locale}
        content={content}
        config={config}
        {...(startTime !== undefined ? { startTime } : {})}
        autoplay={autoplay}
        {...(poster ? { poster } : {})}
        onTimeUpdate={(e: Event) => props.onTimeUpdate?.(positionOf(e))}
        onPlaying={() => props.onPlaying?.()}
        onEnded={() => props.onEnded?.()}
        onS72Error={(e: CustomEvent<S72Error>) => props.onError?.(e.detail)}
        onS72TracksChange={(e: CustomEvent<S72Tracks>) => props.onTracksChange?.(e.detail)}
      />
      {props.onSkip ? (
        <button type="button" className="button player__skip" onClick={() => props.onSkip?.()} data-testid="skip">
          {i18n.t('playlist.skip')}
        </button>
      ) : null}
    </main>
  );
}

/**
 * The player state of the play page (play-page §2 "the player"): a full-viewport `<s72-player>`
 * with the title shown as text (in the navigation bar, or visually hidden when `nav=false`).
 */
import { S72Player, type S72PlayerElement } from 's72-player/react';
import type { Clock, S72Error, S72Content, S72PlayerConfig } from 's72-player/client';
import type { S72CastChange, S72EndScreenClick, S72Suggestion, S72Tracks } from 's72-player';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { SkipPlayTimer, type SkipButtonState } from '../skip-timing.js';
import { goToPlayHash } from '../../../config/paths.js';
import { useTranslator } from '../../../lib/i18n.js';
import { RelatedMenu, type RelatedMenuProps } from './related-menu.js';

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
  /** The related-content menu in the navigation bar (player-and-client §1, §8); absent: none. */
  related?: RelatedMenuProps | undefined;
  content: S72Content;
  config: S72PlayerConfig;
  title: string;
  subtitle?: string | undefined;
  poster?: string | undefined;
  /** Start position, seconds. */
  startTime?: number | undefined;
  autoplay: boolean;
  /** Start muted (the autoplay check found only muted autoplay allowed, play-page §9). */
  muted?: boolean | undefined;
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
  /** `s72-cast-change`: casting started or stopped, the receiver's state changed (play telemetry). */
  onCastChange?: (change: S72CastChange) => void;
  /** The player's tracks, on every `s72-tracks-change` (the first one right after load). */
  onTracksChange?: (tracks: S72Tracks) => void;
  /**
   * The playlist's "Skip" control over the player, for an item that has a next item and whose skip
   * policy allows it (play-page §4); absent: hidden. Shown with player-and-client §9's timings
   * (skip-timing.ts: after 3 s of play, usable after 5 s, hidden after 20 s, never for 10 s or less).
   */
  onSkip?: (() => void) | undefined;
  /**
   * A fresh play token (a new streams call) for the player when its live status answers 403
   * (LIVE_STREAM_EXPIRED, play-page §4); absent: that error stops playback.
   */
  refreshPlayToken?: (() => Promise<string>) | undefined;
  /**
   * The end screen's suggestions, main first (player-and-client §2 "Up next"); given only for the
   * last playlist item, which is how the player knows it is the last one. [end-screen]
   */
  suggestions?: readonly S72Suggestion[] | undefined;
  /** A suggestion was chosen: the page sends its telemetry and navigates (the player's own navigation is cancelled). [end-screen] */
  onEndScreenClick?: ((detail: S72EndScreenClick) => void) | undefined;
  /** Time for the Skip button's timings (default the system clock; tests inject one). */
  clock?: Clock | undefined;
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

function durationOf(event: Event): number {
  const el = (event.currentTarget ?? event.target) as Partial<Pick<S72PlayerElement, 'duration'>> | null;
  return typeof el?.duration === 'number' ? el.duration : Number.NaN;
}

/**
 * Issue 22 item 9: the play page has nothing else to type into, so the player takes the keyboard
 * focus when it mounts and its shortcuts (Space/K, F, M, arrows) work at once, without a first Tab.
 * `player.focus()` lands on the player's first enabled control; once the source has loaded that is
 * the play/pause button (before, it is disabled and the first enabled control is the mute button),
 * so the focus is placed again at the frame after `s72-loaded`, once the controls have rendered the
 * loaded state, unless the viewer has moved it (a key or a pointer press since). Not on the media's
 * `loadeddata`: a preloaded source has its first picture before the engine reports it loaded. `focusVisible: false` paints no
 * focus ring (the viewer did not move the focus), which also lets the controls hide as usual (the
 * idle rule keeps them up only for a `:focus-visible` focus). Never steals the focus: not when
 * something else on the page has it, nor inside a frame that does not have it (a partner's page
 * around the play page may have its own fields).
 */
export function focusPlayerOnMount(player: HTMLElement): () => void {
  let cancelled = false;
  let frame = 0;
  let viewerActed = false;
  const onViewer = () => {
    viewerActed = true;
  };
  const mayTake = (active: Element | null) =>
    (!active || active === document.body || active === document.documentElement || active === player) &&
    (window.top === window || document.hasFocus());
  const focus = () => {
    if (cancelled || viewerActed || !player.isConnected) return;
    const active = document.activeElement;
    if (!mayTake(active)) return;
    // Focusing a player that already holds the focus does nothing: let it go first.
    if (active === player) player.blur();
    player.focus({ preventScroll: true, focusVisible: false } as FocusOptions);
  };
  // The controls exist once the element and its surfaces have rendered: after its update, on the
  // next frame.
  void (player as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete?.then(() => {
    if (!cancelled) frame = requestAnimationFrame(focus);
  });
  // The play button is enabled by the loaded state, which the controls render in their next update.
  const onLoaded = () => {
    if (cancelled) return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(focus);
  };
  player.addEventListener('s72-loaded', onLoaded, { once: true });
  window.addEventListener('keydown', onViewer, { capture: true, once: true });
  window.addEventListener('pointerdown', onViewer, { capture: true, once: true });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    player.removeEventListener('s72-loaded', onLoaded);
    window.removeEventListener('keydown', onViewer, { capture: true });
    window.removeEventListener('pointerdown', onViewer, { capture: true });
  };
}

/** The Skip button's state, counted over the time the player plays (player-and-client §9). */
function useSkipTimer(clock: Clock | undefined): { state: SkipButtonState; ref: { readonly current: SkipPlayTimer | null } } {
  const [state, setState] = useState<SkipButtonState>('hidden');
  const ref = useRef<SkipPlayTimer | null>(null);
  useEffect(() => {
    const timer = new SkipPlayTimer({ ...(clock ? { clock } : {}), onChange: setState });
    ref.current = timer;
    return () => {
      timer.dispose();
      if (ref.current === timer) ref.current = null;
    };
  }, [clock]);
  return { state, ref };
}

export function PlayerScreen(props: PlayerScreenProps) {
  const { content, config, title, subtitle, poster, startTime, autoplay, showNavbar, backHref } = props;
  const i18n = useTranslator();
  const skip = useSkipTimer(props.clock);
  const skipTimer = () => skip.ref.current;
  // play-page §2 navigation bar / player-and-client §2 title bar: with the bar on, the player's own
  // title bar shows the title, subtitle and back link, and the page slots its links into its end.
  // Memoised: a new config object would make the player load the source again.
  const playerConfig = useMemo<S72PlayerConfig>(
    () => (showNavbar ? { ...config, title, ...(subtitle ? { subtitle } : {}), navigateBackUrl: backHref } : config),
    [config, showNavbar, title, subtitle, backHref],
  );
  const hasBarEnd = showNavbar && Boolean(props.previous || props.next || props.related);
  const playerRef = useRef<S72PlayerElement | null>(null);
  useEffect(() => (playerRef.current ? focusPlayerOnMount(playerRef.current) : undefined), []);
  return (
    <main className="screen screen--player" data-testid="player-screen">
      {/* The page's outline; the visible title is in the player's title bar (config title/subtitle). */}
      <h1 className="visually-hidden" data-testid="title">
        {title}
      </h1>
      <S72Player
        ref={playerRef}
        className="player"
        lang={i18n.locale}
        content={content}
        config={playerConfig}
        {...(startTime !== undefined ? { startTime } : {})}
        autoplay={autoplay}
        refreshPlayToken={props.refreshPlayToken ?? null}
        {...(props.muted ? { muted: true } : {})}
        {...(poster ? { poster } : {})}
        onTimeUpdate={(e: Event) => props.onTimeUpdate?.(positionOf(e))}
        onDurationChange={(e: Event) => skipTimer()?.setDuration(durationOf(e))}
        onLoadedMetadata={(e: Event) => skipTimer()?.setDuration(durationOf(e))}
        onPlaying={(e: Event) => {
          skipTimer()?.setDuration(durationOf(e));
          skipTimer()?.playing();
          props.onPlaying?.();
        }}
        onPause={() => skipTimer()?.stopped()}
        onWaiting={() => skipTimer()?.stopped()}
        onEnded={() => {
          skipTimer()?.stopped();
          props.onEnded?.();
        }}
        onS72Error={(e: CustomEvent<S72Error>) => props.onError?.(e.detail)}
        onS72CastChange={(e: CustomEvent<S72CastChange>) => props.onCastChange?.(e.detail)}
        onS72TracksChange={(e: CustomEvent<S72Tracks>) => props.onTracksChange?.(e.detail)}
        suggestions={props.suggestions ?? []}
        // [end-screen] Up next starts below the player's title bar (shown with the end screen).
        {...(showNavbar ? { style: { '--s72-end-screen-inset-block-start': '4.5rem' } as CSSProperties } : {})}
        onS72EndScreenClick={(e: CustomEvent<S72EndScreenClick>) => {
          if (!props.onEndScreenClick) return;
          e.preventDefault();
          props.onEndScreenClick(e.detail);
        }}
      >
        {hasBarEnd ? (
          <div slot="title-bar-end" className="title-bar-end">
            {props.previous || props.next ? (
              <nav className="navbar__siblings" aria-label={i18n.t('nav.siblings')}>
                {props.previous ? <NavItem link={props.previous} rel="prev" /> : null}
                {props.next ? <NavItem link={props.next} rel="next" /> : null}
              </nav>
            ) : null}
            {props.related ? <RelatedMenu {...props.related} /> : null}
          </div>
        ) : null}
      </S72Player>
      {props.onSkip && skip.state !== 'hidden' ? (
        <button
          type="button"
          className="button player__skip"
          disabled={skip.state === 'disabled'}
          onClick={() => props.onSkip?.()}
          data-testid="skip"
        >
          {i18n.t('playlist.skip')}
        </button>
      ) : null}
    </main>
  );
}

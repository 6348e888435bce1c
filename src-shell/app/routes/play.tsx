/**
 * The play route: renders the play flow's state (loading, error, player) and reports playback to
 * the embedding page (DESIGN.md "Window messages"). No logic of its own beyond wiring.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { S72Tracks } from 's72-player';
import { trackTelemetryEvents } from '../../features/play-telemetry/track-events.js';
import { castErrorTelemetry, castTelemetryEvents, type CastChangeLike } from '../../features/play-flow/cast-config.js';
import { CountdownScreen } from '../../features/play-flow/components/countdown-screen.js';
import { ErrorScreen } from '../../features/play-flow/components/error-screen.js';
import { helpUrl } from '../../features/play-flow/help-url.js';
import { ALLOWED_REDIRECT_ORIGINS } from '../../config/env.js';
import { LiveEndedScreen, LIVE_EVENT_COMPLETED } from '../../features/play-flow/components/live-ended-screen.js';
import { LoadingScreen } from '../../features/play-flow/components/loading-screen.js';
import { PinScreen } from '../../features/play-flow/components/pin-screen.js';
import { ResumePromptScreen } from '../../features/play-flow/components/resume-prompt-screen.js';
import { WatchWindowScreen } from '../../features/play-flow/components/watch-window-screen.js';
import { usePlayFlow } from '../../features/play-flow/hooks/use-play-flow.js';
import { pageAutoplayVerdict, type AutoplayVerdict } from '../../features/play-flow/autoplay-check.js';
import { PlayerScreen } from '../../features/player/components/player-screen.js';
import type { RelatedMenuProps } from '../../features/player/components/related-menu.js';
import type { Playback } from '../../features/play-flow/machine.js';
import type { PlaySession } from '../../types/play-session.js';
import { goToPlayHash, paths } from '../../config/paths.js';
import { followEndScreenClick, isLastPlaylistItem, useEndScreenSuggestions } from '../../features/end-screen/index.js';
import { useServices } from '../provider.js';
import type { NavLink } from '../../features/play-flow/navigation.js';
import { UnsupportedBrowserScreen } from '../../features/device-support/index.js';
import type { MessageKey } from 's72-player/client';
import { useTranslator } from '../../lib/i18n.js';

/** The device-support route of this page (play-page §2 "/device-support"). */
export const DEVICE_SUPPORT_HASH = '#/device-support';
const UNKNOWN_DEVICE = { mobile: false, browser: 'other', os: 'other' } as const;

/**
 * A navigation-bar link (play-page §2): the available sibling's play route, with the current query
 * but `t` and the tokens (player-and-client §2: going to another item drops `t`).
 */
function navItem(link: NavLink | undefined) {
  if (!link) return undefined;
  const hash = typeof window === 'undefined' ? '' : window.location.hash;
  return { title: link.title, href: paths.play.itemHash(link.slug, link.title, hash) };
}

/** The related-content menu's rows: available items get their play route (like {@link navItem}). */
function relatedMenu(playback: Playback): RelatedMenuProps | undefined {
  if (!playback.related) return undefined;
  const hash = typeof window === 'undefined' ? '' : window.location.hash;
  return {
    kind: playback.slug.includes('/bonus/') ? 'bonuses' : 'episodes',
    items: playback.related.map((item) => ({
      ...item,
      ...(item.status === 'available' ? { href: paths.play.itemHash(item.slug, item.title, hash) } : {}),
    })),
  };
}

/** The loading screen's label of each phase of the flow (string-table keys). */
const LOADING_LABELS = {
  item: 'loading.item',
  episodes: 'loading.episodes',
  'pin-check': 'loading.pinCheck',
  streams: 'loading.streams',
} as const satisfies Record<string, MessageKey>;

export function PlayRoute({ session }: { session: PlaySession | null }) {
  const services = useServices();
  const { flow, messenger } = services;
  const state = usePlayFlow(flow, session);
  const i18n = useTranslator();
  const backHref = session?.redirectUrl ?? paths.home.getHref();
  // play-page §9: the help page, linked from the error and unsupported-browser screens.
  const helpHref = helpUrl('context' in state ? state.context?.configuration : undefined, {
    origin: services.origin,
    allowedOrigins: ALLOWED_REDIRECT_ORIGINS,
  });
  // The last track snapshot of the item playing, for subtitles-on/off and audio-track-changed.
  const lastTracks = useRef<{ slug: string; tracks: S72Tracks } | null>(null);
  const lastCast = useRef<CastChangeLike | null>(null);
  // The player's LIVE_STREAM_EXPIRED hook (play-page §4): a new streams call; one function per flow.
  const refreshPlayToken = useCallback(() => flow.refreshPlayToken(), [flow]);
  // play-page §9: autoplay is decided once, with a silent clip, before the player starts. The page
  // starts the check at boot (main.ts) unless the address says autoplay=false, so it runs alongside
  // the flow's API calls instead of adding to the time to first frame; this reads its answer.
  const wantsAutoplay = session?.autoplay === true || (state.status === 'playing' && state.playback.autoplay);
  const [autoplayVerdict, setAutoplayVerdict] = useState<AutoplayVerdict | null>(null);
  useEffect(() => {
    if (!wantsAutoplay || autoplayVerdict) return;
    let live = true;
    void pageAutoplayVerdict().then((verdict) => {
      if (live) setAutoplayVerdict(verdict);
    });
    return () => {
      live = false;
    };
  }, [wantsAutoplay, autoplayVerdict]);

  // [end-screen] Up next (player-and-client §2, §9): loaded in the background once the item has
  // started playing (its first `playing`), for the last item of the playlist only; the player's end
  // screen needs them to show at all. Not before: their five calls would compete with the start
  // (issue 12 "calls that only feed later screens moved off the start-up path").
  const [startedSlug, setStartedSlug] = useState<string | null>(null);
  const suggestions = useEndScreenSuggestions(
    state.status === 'playing' && startedSlug === state.playback.slug
      ? {
          client: services.contentClient(state.session),
          slug: state.context?.slug.slug ?? state.playback.slug,
          isLast: isLastPlaylistItem(state.playback.playlist),
          signedIn: Boolean(state.session.authToken),
          configuration: state.context?.configuration,
          i18n,
        }
      : null,
  );

  // Errors of the flow go to the parent too (play-page §7 "Errors are also posted to the parent window").
  useEffect(() => {
    if (state.status === 'error') messenger.error(state.error, state.slug);
    if (state.status === 'pin' && state.lockedOut && state.error) messenger.error(state.error, state.slug.slug);
  }, [state, messenger]);

  useEffect(() => {
    if (state.status === 'playing') document.title = state.playback.title;
  }, [state]);

  // Leaving the page (or this route) destroys the playlist's actions (play-page §4 "Playlist and
  // action lifecycle"); a page kept in the back-forward cache is not left.
  useEffect(() => {
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted) flow.send({ type: 'page-left' });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flow.send({ type: 'page-left' });
    };
  }, [flow]);

  switch (state.status) {
    case 'idle':
    case 'redirecting':
      return <LoadingScreen />;
    case 'loading':
      return <LoadingScreen label={i18n.t(LOADING_LABELS[state.phase])} />;
    case 'error':
      // play-page §4 "Live events": a finished live event has its own screen, not an error panel.
      if (state.error.code === LIVE_EVENT_COMPLETED) return <LiveEndedScreen backHref={backHref} />;
      return <ErrorScreen error={state.error} onRetry={() => flow.retry()} backHref={backHref} helpHref={helpHref} />;
    case 'unsupported':
      return <UnsupportedBrowserScreen support={state.support ?? UNKNOWN_DEVICE} appUrl={state.appUrl} deviceSupportHref={DEVICE_SUPPORT_HASH} helpHref={helpHref} />;
    case 'countdown':
      return <CountdownScreen title={state.title} availableAt={state.availableAt} now={state.now} live={state.live !== undefined} backHref={backHref} />;
    case 'pin':
      return (
        <PinScreen
          title={state.description.title}
          attemptsLeft={state.attemptsLeft}
          submitting={state.submitting}
          lockedOut={state.lockedOut}
          error={state.error}
          invalid={state.invalid}
          onSubmit={(pin) => flow.send({ type: 'pin-submitted', pin })}
          backHref={backHref}
        />
      );
    case 'watch-window':
      return (
        <WatchWindowScreen
          title={state.title}
          minutes={state.minutes}
          onPlay={() => flow.send({ type: 'watch-window-accepted' })}
          backHref={backHref}
        />
      );
    case 'resume-prompt':
      return (
        <ResumePromptScreen
          title={state.playback.title}
          position={state.position}
          onChoose={(resume) => flow.send({ type: 'resume-chosen', resume })}
        />
      );
    case 'playing': {
      const { playback } = state;
      if (playback.autoplay && !autoplayVerdict) return <LoadingScreen />;
      return (
        <PlayerScreen
          key={playback.slug}
          content={playback.content}
          config={playback.config}
          title={playback.title}
          subtitle={playback.subtitle}
          poster={playback.poster}
          startTime={playback.startTime}
          autoplay={playback.autoplay && autoplayVerdict !== 'click'}
          muted={playback.autoplay && autoplayVerdict === 'muted'}
          showNavbar={playback.showNavbar}
          previous={navItem(playback.nav.previous)}
          next={navItem(playback.nav.next)}
          related={relatedMenu(playback)}
          backHref={backHref}
          onTimeUpdate={(t) => messenger.timeUpdate(playback.slug, t)}
          onCastChange={(change) => {
            // play-page §7: cast events go to play telemetry.
            flow.trackPlayerEvents(castTelemetryEvents(lastCast.current, change));
            lastCast.current = change;
          }}
          onTracksChange={(tracks) => {
            const previous = lastTracks.current?.slug === playback.slug ? lastTracks.current.tracks : null;
            lastTracks.current = { slug: playback.slug, tracks };
            flow.tracksChanged(tracks, previous);
            flow.trackPlayerEvents(trackTelemetryEvents(previous, tracks));
          }}
          onPlaying={() => {
            setStartedSlug(playback.slug);
            flow.send({ type: 'item-playing' });
          }}
          onEnded={() => {
            messenger.ended(playback.slug);
            flow.send({ type: 'item-ended' });
          }}
          onSkip={playback.playlist?.canSkip ? () => flow.send({ type: 'skip-requested' }) : undefined}
          refreshPlayToken={refreshPlayToken}
          suggestions={suggestions}
          onEndScreenClick={(detail) =>
            // player-and-client §7: the telemetry is sent (bounded wait) before the page goes to the item.
            void followEndScreenClick(detail, {
              trackAndFlush: (slug, source) => flow.trackEndScreenClick(slug, source),
              navigate: (hash) => goToPlayHash(window.location, hash),
              currentHash: window.location.hash,
            })
          }
          onError={(error) => {
            messenger.error(error, playback.slug);
            // A critical player error ends playback: the flow shows it (or the unsupported-device
            // page, play-page §8) and sends `player-error` telemetry.
            if (error.severity === 'critical') flow.playbackFailed(error);
            // play-page §7: cast errors go to play telemetry; local playback goes on.
            else if (error.category === 'cast') flow.trackPlayerEvents(castErrorTelemetry(error));
            // player-and-client §7: ad errors go to telemetry; the film plays on.
            else if (error.category === 'ads') flow.trackAdError(error);
          }}
        />
      );
    }
  }
}

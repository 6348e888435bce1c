/**
 * The play route: renders the play flow's state (loading, error, player) and reports playback to
 * the embedding page (DESIGN.md "Window messages"). No logic of its own beyond wiring.
 */
import { useEffect } from 'react';
import { ErrorScreen } from '../../features/play-flow/components/error-screen.js';
import { LoadingScreen } from '../../features/play-flow/components/loading-screen.js';
import { usePlayFlow } from '../../features/play-flow/hooks/use-play-flow.js';
import { PlayerScreen } from '../../features/player/components/player-screen.js';
import type { PlaySession } from '../../types/play-session.js';
import { paths } from '../../config/paths.js';
import { useServices } from '../provider.js';

const LOADING_LABELS = {
  item: 'Loading title…',
  episodes: 'Finding the first episode…',
  streams: 'Preparing playback…',
} as const;

export function PlayRoute({ session }: { session: PlaySession | null }) {
  const { flow, messenger } = useServices();
  const state = usePlayFlow(flow, session);
  const backHref = session?.redirectUrl ?? paths.home.getHref();

  // Errors of the flow go to the parent too (play-page §7 "Errors are also posted to the parent window").
  useEffect(() => {
    if (state.status === 'error') messenger.error(state.error, state.slug);
  }, [state, messenger]);

  useEffect(() => {
    if (state.status === 'playing') document.title = state.playback.title;
  }, [state]);

  switch (state.status) {
    case 'idle':
    case 'redirecting':
      return <LoadingScreen />;
    case 'loading':
      return <LoadingScreen label={LOADING_LABELS[state.phase]} />;
    case 'error':
      return <ErrorScreen error={state.error} onRetry={() => flow.retry()} backHref={backHref} />;
    case 'playing': {
      const { playback } = state;
      return (
        <PlayerScreen
          key={playback.slug}
          content={playback.content}
          config={playback.config}
          title={playback.title}
          subtitle={playback.subtitle}
          poster={playback.poster}
          startTime={playback.startTime}
          autoplay={playback.autoplay}
          showNavbar={playback.showNavbar}
          backHref={backHref}
          onTimeUpdate={(t) => messenger.timeUpdate(playback.slug, t)}
          onEnded={() => messenger.ended(playback.slug)}
          onError={(error) => messenger.error(error, playback.slug)}
        />
      );
    }
  }
}

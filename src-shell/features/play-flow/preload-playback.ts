/**
 * The player's start-up work begins as soon as the flow knows what it will play (issue 12 "the
 * engine chunk and the manifest fetched while the flow's calls are in flight"; DESIGN.md "Quality
 * bars"): when the flow reaches `playing` with new content (its streams call answered, or the
 * playlist moved on), the content's manifest, engine code and key-system probe start at once,
 * without waiting for React to render the player. The player that then gets this content takes the
 * prefetched manifest instead of asking again.
 */
import type { S72Content, S72PlayerConfig } from 's72-player';
import type { PlayFlow } from './play-flow.js';

/** `S72Player.preloadContent` (a parameter so that the flow's tests can watch it). */
export type PreloadContent = (content: S72Content, config?: S72PlayerConfig) => Promise<void>;

/** Preloads each new content the flow plays; returns the unsubscribe function. */
export function preloadPlayback(flow: Pick<PlayFlow, 'getState' | 'subscribe'>, preload: PreloadContent): () => void {
  let last: S72Content | null = null;
  const check = (): void => {
    const state = flow.getState();
    if (state.status !== 'playing' || state.playback.content === last) return;
    last = state.playback.content;
    void preload(last, state.playback.config).catch(() => undefined);
  };
  check();
  return flow.subscribe(check);
}

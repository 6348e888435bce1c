/**
 * What the play page does when the viewer chooses an end-screen suggestion (player-and-client §7
 * "Telemetry event custom:end-screen-video-clicked carries slug and details.source … and is flushed
 * before navigation"; §2 "Navigating to another content item sets the page hash to that item's slug
 * and reloads the page, dropping the t query parameter"): the telemetry event is queued and sent,
 * the page waits for that send (at most {@link END_SCREEN_FLUSH_TIMEOUT_MS}, so a slow storefront
 * never keeps the viewer waiting), then goes to the suggestion's play route. Framework-free.
 */
import { sleepMs, systemClock, type Clock } from 's72-player/client';
import type { S72EndScreenClick } from 's72-player';
import { paths } from '../../config/paths.js';

/** Longest wait for the telemetry send before navigating anyway, ms. */
export const END_SCREEN_FLUSH_TIMEOUT_MS = 2_000;

export interface EndScreenClickDeps {
  /** Queues `custom:end-screen-video-clicked` `{slug, details: {source}}` and sends it; resolves once sent or failed. */
  trackAndFlush(slug: string, source: S72EndScreenClick['source']): Promise<void>;
  /** Goes to a play route hash (sets the hash and reloads: `goToPlayHash`). */
  navigate(hash: string): void;
  /** The page's current hash (its query but `t` and the tokens is kept). */
  currentHash: string;
  clock?: Clock;
  timeoutMs?: number;
}

/** The play route hash of a suggestion: from its `href` (`/play/#…`), else built from its slug. */
export function suggestionHash(detail: S72EndScreenClick, currentHash: string): string {
  const href = detail.href ?? '';
  const i = href.indexOf('#');
  return i !== -1 && href.slice(0, i).endsWith(paths.play.path) ? href.slice(i) : paths.play.itemHash(detail.slug, undefined, currentHash);
}

/** Sends the telemetry (bounded wait), then navigates. Never rejects. */
export async function followEndScreenClick(detail: S72EndScreenClick, deps: EndScreenClickDeps): Promise<void> {
  const sent = deps.trackAndFlush(detail.slug, detail.source).catch(() => undefined);
  const timeout = new AbortController();
  await Promise.race([sent, sleepMs(deps.timeoutMs ?? END_SCREEN_FLUSH_TIMEOUT_MS, { clock: deps.clock ?? systemClock, signal: timeout.signal }).catch(() => undefined)]);
  timeout.abort();
  deps.navigate(suggestionHash(detail, deps.currentHash));
}

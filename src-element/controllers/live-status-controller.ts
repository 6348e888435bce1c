// issue 23 "Code that a start does not need loads on demand"; player-and-client §4 "Live status"
/**
 * Live status, loaded on demand. This stub is always present and small: for a live source (an
 * asset of `content` with `isLive`) it loads the live status chunk (live-status-poller.ts: the poll,
 * its decision table and errors) and hands the source to it; other sources never fetch it. A chunk
 * that cannot be downloaded is a recoverable `module_load_failed` (the live stream plays on without
 * its status); the next source tries again.
 */
import type { ReactiveController } from 'lit';
import type { Clock } from '../core/clock.js';
import { moduleLoadFailed, type S72Error } from '../core/errors.js';
import type { S72Content } from '../core/types.js';
import type { LiveStatusPoller } from './live-status-poller.js';
import type { PlayerHost } from './player-host.js';

/** A status request without an answer after this long counts as status 0 (retried in 5 s), ms. */
export const LIVE_REQUEST_TIMEOUT_MS = 10_000;

export interface LiveStatusHost extends PlayerHost {
  /** What plays; its `slug` is polled when one of its assets `isLive`. */
  readonly content: S72Content | null;
  /** Fetches a fresh play token (the play page: a new streams call); null when there is none. */
  readonly refreshPlayToken: (() => Promise<string>) | null;
  /** Puts a fresh play token in force for the rest of the session. */
  updatePlayToken(token: string): void;
}

export interface LiveStatusControllerOptions {
  clock?: Clock;
  /** Looked up on every call when absent (tests may stub the global). */
  fetch?: typeof globalThis.fetch;
}

// player-and-client §3 "Content"
/** True when `content` has an asset marked live (`isLive`). */
export function isLiveContent(content: S72Content | null | undefined): boolean {
  const assets = (content as { assets?: unknown } | null | undefined)?.assets;
  if (typeof assets !== 'object' || assets === null) return false;
  return Object.values(assets as Record<string, unknown>).some(
    (asset) => typeof asset === 'object' && asset !== null && (asset as { isLive?: unknown }).isLive === true,
  );
}

export class LiveStatusController implements ReactiveController {
  private poller: LiveStatusPoller | null = null;
  private loading: Promise<LiveStatusPoller | null> | null = null;
  /** The content whose chunk load failed (not tried again for it). */
  private failedFor: S72Content | null = null;

  constructor(
    private readonly host: LiveStatusHost,
    private readonly options: LiveStatusControllerOptions = {},
  ) {
    host.addController(this);
  }

  /** Resolves with the live status poll once its chunk is in (null when not loaded: no live source yet, or it failed). */
  get ready(): Promise<LiveStatusPoller | null> {
    return this.loading ?? Promise.resolve(this.poller);
  }

  hostConnected(): void {
    this.sync();
  }

  hostUpdated(): void {
    this.sync();
  }

  /**
   * An error reported while playing: the live status poll's `checkAfterError` (resolves true when
   * the error is not to be shown: the live event has completed), waiting for its chunk when it is
   * on its way; null when this is not a live source being polled.
   */
  checkAfterError(error: S72Error): Promise<boolean> | null {
    if (this.poller) return this.poller.checkAfterError(error);
    if (!this.loading || !isLiveContent(this.host.content)) return null;
    return this.loading.then((poller) => poller?.checkAfterError(error) ?? false);
  }

  private sync(): void {
    if (this.poller || this.loading) return;
    const content = this.host.content;
    if (!isLiveContent(content) || content === this.failedFor) return;
    this.loading = import('./live-status-poller.js')
      .then(
        ({ LiveStatusPoller }) => {
          // Added to the host now: it connects at once (when the host is) and polls this source.
          this.poller = new LiveStatusPoller(this.host, this.options);
          return this.poller;
        },
        (error: unknown) => {
          this.failedFor = content;
          this.host.report(moduleLoadFailed(error, 'the live status', 'recoverable'));
          return null;
        },
      )
      .finally(() => {
        this.loading = null;
      });
  }
}

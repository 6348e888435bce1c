// issue 23 "Code that a start does not need loads on demand"; play-page §7 `POST /services/license/heartbeat`
/**
 * Heartbeat, loaded on demand. This stub is always present and small: once `config.heartbeat` is a
 * valid `{uri, intervalMs}` it loads the heartbeat chunk (heartbeat-session.ts: the beats, their
 * answers, the end of the session) and hands the player to it; a player without a heartbeat never
 * fetches it. The chunk is asked for when the configuration is set (before the source has loaded),
 * long before the first beat is due (when the loaded source plays). A chunk that cannot be
 * downloaded is a recoverable `module_load_failed` (as a beat without an answer: playback goes on);
 * another heartbeat configuration tries again.
 */
import type { ReactiveController } from 'lit';
import type { Clock } from '../core/clock.js';
import { moduleLoadFailed } from '../core/errors.js';
import type { S72Content } from '../core/types.js';
import type { HeartbeatSession } from './heartbeat-session.js';
import type { PlayerHost } from './player-host.js';

/** What the session services (heartbeat, player telemetry) read from the player. */
export interface SessionHost extends PlayerHost {
  /** What plays; a new object is a new source (the session starts over). */
  readonly content: S72Content | null;
  /** The viewer's auth token given as the `auth-token` attribute (telemetry's fallback credential), or null. */
  readonly authToken?: string | null;
}

export interface SessionControllerOptions {
  clock?: Clock;
  /** Looked up on every call when absent (tests may stub the global). */
  fetch?: typeof globalThis.fetch;
  // player-and-client §5
  /**
   * The cast hook: true while playback runs on a cast receiver, which then reports for itself
   * (no heartbeat and no telemetry while casting). There is no cast yet; default: never casting.
   */
  isCasting?: () => boolean;
}

/** A valid `{uri, intervalMs}` from the configuration, or null (absent or malformed: off). */
export function periodicEndpoint(value: unknown): { uri: string; intervalMs: number } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { uri, intervalMs } = value as { uri?: unknown; intervalMs?: unknown };
  if (typeof uri !== 'string' || !uri || typeof intervalMs !== 'number' || !Number.isFinite(intervalMs) || intervalMs <= 0) return null;
  return { uri, intervalMs };
}

export class HeartbeatController implements ReactiveController {
  private session: HeartbeatSession | null = null;
  private loading: Promise<HeartbeatSession | null> | null = null;
  /** The heartbeat configuration whose chunk load failed (not tried again for it). */
  private failedFor: string | null = null;

  constructor(
    private readonly host: SessionHost,
    private readonly options: SessionControllerOptions = {},
  ) {
    host.addController(this);
  }

  /** Beats answered 2xx since the player was created (all sources). */
  get sent(): number {
    return this.session?.sent ?? 0;
  }

  /** Resolves with the heartbeat once its chunk is in (null when not loaded: no heartbeat configured, or it failed). */
  get ready(): Promise<HeartbeatSession | null> {
    return this.loading ?? Promise.resolve(this.session);
  }

  hostConnected(): void {
    this.sync();
  }

  hostUpdated(): void {
    this.sync();
  }

  private sync(): void {
    if (this.session || this.loading) return;
    const endpoint = periodicEndpoint(this.host.effectiveConfig.heartbeat);
    const key = JSON.stringify(endpoint);
    if (!endpoint || key === this.failedFor) return;
    this.loading = import('./heartbeat-session.js')
      .then(
        ({ HeartbeatSession }) => {
          // Added to the host now: it connects at once (when the host is) and takes the session over.
          this.session = new HeartbeatSession(this.host, this.options);
          return this.session;
        },
        (error: unknown) => {
          this.failedFor = key;
          this.host.report(moduleLoadFailed(error, 'the heartbeat', 'recoverable'));
          return null;
        },
      )
      .finally(() => {
        this.loading = null;
      });
  }
}

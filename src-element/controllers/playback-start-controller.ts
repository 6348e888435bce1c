/**
 * Starting playback (player-and-client §4 "Playback recovery": "After 3 failed play attempts,
 * PLAY_FAILED"; play-page §9 autoplay: muted autoplay when the browser refuses sound). Counts play
 * refusals other than the autoplay policy and interrupted plays; the count resets once the media
 * confirms playback (`playing`).
 *
 * @fires s72-autoplay-muted - autoplay only worked muted
 * @fires s72-error - `play_failed` after `MAX_PLAY_FAILURES` refusals
 */
import type { ReactiveController } from 'lit';
import { playFailedError } from '../core/engine/map-engine-error.js';
import { fireEvent } from '../events.js';
import { Listeners, type PlayerHost } from './player-host.js';

/** player-and-client §4 "Playback recovery": failed play attempts before `play_failed`. */
export const MAX_PLAY_FAILURES = 3;

/** The host also exposes its `muted` property, which the muted fallback turns on. */
export interface PlaybackHost extends PlayerHost {
  muted: boolean;
}

export class PlaybackStartController implements ReactiveController {
  private readonly media = new Listeners();
  private failures = 0;

  constructor(private readonly host: PlaybackHost) {
    host.addController(this);
  }

  /** Refused plays counted so far (0 after a confirmed start). */
  get failureCount(): number {
    return this.failures;
  }

  hostConnected(): void {
    this.attach();
  }

  hostUpdated(): void {
    if (this.media.current !== this.host.store.owners.media) this.attach();
  }

  hostDisconnected(): void {
    this.media.detach();
  }

  /** A new source: the count starts again. */
  reset(): void {
    this.failures = 0;
  }

  /**
   * Plays. Resolves once the media accepted; rejects with the browser's error when refused (after
   * counting it). Resolves at once when there is no media yet.
   */
  async play(): Promise<void> {
    const media = this.host.store.owners.media;
    if (!media) return;
    try {
      await media.play();
      this.failures = 0;
    } catch (error) {
      this.onRefused(error);
      throw error;
    }
  }

  /** Plays; if the browser refuses sound (autoplay policy), plays muted. Never rejects. */
  async autoplay(): Promise<void> {
    const media = this.host.store.owners.media;
    if (!media) return;
    try {
      await media.play();
      this.failures = 0;
    } catch (error) {
      if ((error as DOMException | null)?.name !== 'NotAllowedError' || media.muted) {
        this.onRefused(error);
        return;
      }
      media.muted = true;
      this.host.muted = true;
      try {
        await media.play();
        fireEvent(this.host, 's72-autoplay-muted', { muted: true, reason: 'autoplay-policy' });
      } catch (mutedError) {
        // Still refused: the big play button waits for the viewer.
        this.onRefused(mutedError);
      }
    }
  }

  private attach(): void {
    this.media.attach(this.host.store.owners.media, { playing: () => (this.failures = 0) });
  }

  private onRefused(error: unknown): void {
    const name = (error as DOMException | null)?.name;
    // The autoplay policy and interrupted plays (pause() or a new load) are not failures.
    if (name === 'NotAllowedError' || name === 'AbortError') return;
    this.failures++;
    if (this.failures >= MAX_PLAY_FAILURES) {
      this.failures = 0;
      this.host.report(playFailedError(error));
    }
  }
}

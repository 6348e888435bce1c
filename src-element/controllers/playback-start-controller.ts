// player-and-client §4 "Playback recovery"
/**
 * Starting playback ("After 3 failed play attempts,
 * PLAY_FAILED"; play-page §9 autoplay: muted autoplay when the browser refuses sound). Counts play
 * refusals other than the autoplay policy and interrupted plays; the count resets once the media
 * confirms playback (`playing`).
 *
 * A muted autoplay (refused sound, or the page's `muted`) shows the "Tap to unmute" cue
 * (`UnmuteCueController`).
 *
 * @fires s72-autoplay-muted - autoplay only worked muted
 * @fires s72-error - `play_failed` after `MAX_PLAY_FAILURES` refusals
 */
import { playFailedError } from '../core/engine/map-engine-error.js';
import { hasDuration } from '../core/media-seek.js';
import { fireEvent } from '../events.js';
import { MediaListenersController, type PlayerHost } from './player-host.js';
import { UnmuteCueController } from './unmute-cue-controller.js';

// player-and-client §4 "Playback recovery"
/** Failed play attempts before `play_failed`. */
export const MAX_PLAY_FAILURES = 3;

/** The host also exposes its `muted` property, which the muted fallback turns on. */
export interface PlaybackHost extends PlayerHost {
  muted: boolean;
}

export class PlaybackStartController {
  private failures = 0;
  /** A `pause()` arrived while the source was loading: the load's autoplay and queued plays are off. */
  private pausedWhileLoading = false;
  /** `play()` calls made while the source was loading, told at the end of the load whether to play. */
  private waiting: Array<(go: boolean) => void> = [];
  // issue 22 item 13
  /** The "Tap to unmute" cue of a muted autoplay. */
  private readonly unmuteCue: UnmuteCueController;

  constructor(private readonly host: PlaybackHost) {
    this.unmuteCue = new UnmuteCueController(host);
    // Its only listener (`playing` resets the count) lives from connect to disconnect in this controller.
    new MediaListenersController(host, {
      playing: () => (this.failures = 0),
      // player-and-client §5: plays queued during the load go ahead once the source has a duration.
      loadedmetadata: () => this.onDuration(),
      durationchange: () => this.onDuration(),
    });
  }

  /** Refused plays counted so far (0 after a confirmed start). */
  get failureCount(): number {
    return this.failures;
  }

  /** A new source: the count starts again. */
  reset(): void {
    this.failures = 0;
  }

  // player-and-client §5
  /**
   * The page's or viewer's `play()`: plays when the source has a duration. While a source is
   * loading (`loading()`), waits until it has one (or the load ends) and plays then, unless a
   * `pause()` came in between. Without a source, does nothing; a media in error gets the browser's
   * refusal (counted towards `play_failed`).
   */
  async requestPlay(loading: () => boolean): Promise<void> {
    const media = this.host.store.owners.media;
    if (!hasDuration(media)) {
      // A media in error answers for itself: the browser's refusal is counted (play_failed).
      if (media?.error) return this.play();
      // Loaded but without a duration yet: shaka's load resolves before the first segment is in.
      if (!loading() && !this.host.store.getState().loaded) return;
      this.pausedWhileLoading = false;
      const go = await new Promise<boolean>((resolve) => this.waiting.push(resolve));
      if (!go) return;
    }
    await this.play();
  }

  /**
   * The page's or viewer's `pause()`: pauses when the source has a duration; while it is loading,
   * cancels the load's autoplay and any queued `play()`.
   */
  requestPause(): void {
    const media = this.host.store.owners.media;
    if (hasDuration(media)) {
      media!.pause();
      return;
    }
    this.pausedWhileLoading = true;
    this.settleWaiting(false);
  }

  /**
   * The load ended (loaded, failed or stopped): queued `play()` calls go ahead when the source has a
   * duration, wait for it when loaded without one yet (shaka resolves its load before the first
   * segment is appended), or give up; a `pause()` made during this load no longer applies.
   */
  loadSettled(): void {
    if (hasDuration(this.host.store.owners.media)) this.settleWaiting(!this.pausedWhileLoading);
    else if (!this.host.store.getState().loaded) this.settleWaiting(false);
    this.pausedWhileLoading = false;
  }

  private onDuration(): void {
    if (this.waiting.length > 0 && hasDuration(this.host.store.owners.media)) this.settleWaiting(!this.pausedWhileLoading);
  }

  private settleWaiting(go: boolean): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve(go);
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

  /** Plays; if the browser refuses sound (autoplay policy), plays muted. Never rejects. Not after a `pause()` during the load. */
  async autoplay(): Promise<void> {
    const media = this.host.store.owners.media;
    if (!media || this.pausedWhileLoading) return;
    const startedMuted = media.muted;
    try {
      await this.play();
      // The page asked for muted autoplay (the play page: its check found only muted allowed).
      if (startedMuted) this.unmuteCue.mutedAutoplay(false);
    } catch (error) {
      // Counted by play(); only the autoplay policy gets a muted second try.
      if ((error as DOMException | null)?.name !== 'NotAllowedError' || media.muted) return;
      media.muted = true;
      this.host.muted = true;
      try {
        await this.play();
        this.unmuteCue.mutedAutoplay(true);
        fireEvent(this.host, 's72-autoplay-muted', { muted: true, reason: 'autoplay-policy' });
      } catch {
        // Still refused: the big play button waits for the viewer.
      }
    }
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

// issue 14, issue 23 "loads on demand"; player-and-client §2 "Hidden ads overlay", §4 "Ad break", §7, §9 "Ads and watermark"; play-page §3 `ad_tag`, §8 `adblocked_content`; issue 22; play-page §8
/**
 * Ads.
 *
 * With `content.adTag`, the tag is requested once per source with a random cache-buster
 * (`adTagUrl`), as the source starts loading; VMAP gives the breaks, a VAST tag one pre-roll
 * (`core/ads/ad-loader.ts`: `@dailymotion/vmap`, `@dailymotion/vast-client`, at most 6 wrapper
 * redirects). Breaks at or before the resume position (`startTime` > 0) are discarded.
 *
 * - Pre-roll: the first `play` of the content is held (paused) until the schedule is known; its
 *   pre-roll plays, then the content plays. Mid-roll: when playback reaches or passes its offset
 *   (the last one passed, once). Post-roll: at the content's `ended`.
 * - A started break pauses the content and shows the ads overlay (`s72-ad-overlay`); a finished one
 *   hides it and resumes the content. The ads play in the overlay's own `<video>`, so the engine's
 *   buffer of the film is kept. While a break runs, any `play` of the content is paused again.
 * - The skip-ad button is disabled (with a countdown) until the creative's skip offset, then skips.
 * - The viewer can pause, play, mute and unmute the ad (the overlay's buttons, the `k` / Space / `m`
 *   shortcuts: `AD_PAUSE_REQUEST`, `AD_PLAY_REQUEST`, `AD_MUTE_REQUEST`). A pause by the viewer
 *   holds until they play again (the visibility check below does not undo it); their mute carries on
 *   to the film (the player's `muted`). The film cannot be sought during a break (the store's
 *   `canSeek` is false while the `ad` row is set).
 * - A playlist's ad item (`content.playbackMode: 'ad'`) sets the store's `adItem` row: the film's
 *   seek bar is disabled and the seek shortcuts do nothing, the title bar says "Ad".
 * - VAST tracking (`VASTTracker`): impression and `creativeView` at the first frame, `start` and the
 *   quartiles from the ad's progress, `complete`, `skip`, `pause`/`resume`, `mute`/`unmute`, error
 *   pixels with the VAST code (405 media error, 402 media timeout); VMAP `breakStart`/`breakEnd`.
 * - A paused ad is played again once the window is visible, checked every 1 s; the overlay's
 *   compact layout follows the player's width, debounced 500 ms.
 * - Ad errors (tag, VAST, media) are reported as recoverable `ad_error` (`s72-error`, category
 *   `ads`; the play page sends them to telemetry) and the content plays on; so do a down host, a
 *   CORS refusal, a non-http(s) URL and a body over 1 MiB. An ad request the browser
 *   never sent (an ad blocker: `AdLoadError` `blocked`, see ad-loader.ts) → critical
 *   `adblocked_content`, and the player telemetry's `adBlocked` turns true for this source.
 */
import type { ReactiveController } from 'lit';
import type { VASTClient } from '@dailymotion/vast-client/dist/vast-client.js';
import type { AdBreak, AdLoaderOptions, PlayableAd } from '../core/ads/ad-loader.js';
import {
  AD_COMPACT_WIDTH_PX,
  AD_MEDIA_TIMEOUT_MS,
  AD_RESIZE_DEBOUNCE_MS,
  AD_VISIBILITY_CHECK_MS,
  AdLoadError,
  adFinished,
  adTagUrl,
  dueMidroll,
  keptBreaks,
  remainingS,
  skipState,
} from '../core/ads/ad-rules.js';
import { AD_MUTE_REQUEST, AD_PAUSE_REQUEST, AD_PLAY_REQUEST, AD_SKIP_REQUEST, type AdView } from '../core/ads/ad-view.js';
import { systemClock, type IntervalClock, type TimerHandle } from '../core/clock.js';
import { S72Error } from '../core/errors.js';
import type { S72Content } from '../core/types.js';
import * as adRuntime from '../core/ads/schedule-runtime.js';
import type { S72AdOverlay } from '../ui/s72-ad-overlay.js';
import '../ui/s72-ad-overlay.js';
import { MediaListenersController, type PlayerHost } from './player-host.js';

type AdLibrary = typeof adRuntime;
/** The VAST/VMAP code is part of this chunk: it is loaded with the controller, once a source has an ad tag. */
const adLibrary = (): Promise<AdLibrary> => Promise.resolve(adRuntime);

export interface AdsHost extends PlayerHost {
  readonly content: S72Content | null;
  /** The resume / start position, seconds, or null (breaks at or before it are discarded). */
  readonly startTime: number | null;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
  /** Plays the content (after a break). */
  play(): Promise<void>;
  /** The player's `muted` (set when the browser refuses sound after a break). */
  muted: boolean;
}

export interface AdsControllerOptions extends AdLoaderOptions {
  clock?: IntervalClock;
  /** Returns a number in [0, 1) for the cache-buster (default `Math.random`). */
  random?: () => number;
}

/** `stopped`: the player left the ad (new source, removed from the page): nothing is tracked. */
type AdOutcome = 'complete' | 'skip' | 'error' | 'stopped';

// player-and-client §7
/** An `ad_error` (recoverable): reported, and the content plays on. */
export function adError(message: string, data: Record<string, unknown> = {}, cause?: unknown): S72Error {
  return new S72Error('ad_error', message, { category: 'ads', severity: 'recoverable', data, cause });
}

// play-page §8
/** The ad request was blocked: `adblocked_content`, critical. */
export function adBlockedError(cause?: unknown): S72Error {
  return new S72Error('adblocked_content', 'The ad request was blocked (an ad blocker?)', { category: 'ads', severity: 'critical', cause });
}

/**
 * The ads' work (see the module comment), in its own chunk with the VAST/VMAP library and the ads
 * overlay: `AdsController` (ads-controller.ts) loads it once a source has an ad tag.
 */
export class AdScheduleController implements ReactiveController {
  private readonly clock: IntervalClock;
  private readonly options: AdsControllerOptions;
  private content: S72Content | null = null;
  /** Bumped for each source: work of an older one stops. */
  private run = 0;
  private schedule: Promise<AdBreak[] | null> | null = null;
  private breaks: AdBreak[] = [];
  private readonly played = new Set<string>();
  private prerollHandled = true;
  /** Where the film was when its first play was held for the pre-roll (seconds). */
  private heldAtS = 0;
  private active = false;
  private lastTimeS = 0;
  private compact = false;
  private blocked = false;
  /** Ends the ad playing now (skip request), or null. */
  private skipCurrent: (() => void) | null = null;
  /** Stops the ad playing now without tracking (the player left it), or null. */
  private stopCurrent: (() => void) | null = null;
  /** The pre-roll's hold is on (its schedule or break not finished). */
  private holding = false;
  /** The viewer paused the ad (button or shortcut): nothing plays it again until they ask. */
  private viewerPaused = false;
  private resizeObserver: ResizeObserver | null = null;
  private resizeTimer: TimerHandle = null;

  constructor(
    private readonly host: AdsHost,
    options: AdsControllerOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.options = options;
    host.addController(this);
    new MediaListenersController(host, {
      play: () => this.onContentPlay(),
      timeupdate: () => this.onContentTime(),
      seeked: () => this.onContentTime(),
      ended: () => this.onContentEnded(),
    });
  }

  /**
   * The film's first play, held (paused at `atS` seconds) by `AdsController` while this code was
   * loading: handled as that play (the pre-roll, then the film).
   */
  holdFirstPlay(atS: number): void {
    if (this.prerollHandled || this.active || this.blocked) return;
    this.prerollHandled = true;
    this.heldAtS = atS;
    void this.preroll(this.run);
  }

  /** True while an ad break runs (the overlay shows, the content is held). */
  get breakActive(): boolean {
    return this.active;
  }

  /** True once this source's ad request was blocked (the telemetry's `adBlocked`). */
  get adBlocked(): boolean {
    return this.blocked;
  }

  hostConnected(): void {
    this.host.addEventListener(AD_SKIP_REQUEST, this.onSkipRequest);
    this.host.addEventListener(AD_PLAY_REQUEST, this.onPlayRequest);
    this.host.addEventListener(AD_PAUSE_REQUEST, this.onPauseRequest);
    this.host.addEventListener(AD_MUTE_REQUEST, this.onMuteRequest);
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.onResize());
      this.resizeObserver.observe(this.host);
    }
    this.sync();
  }

  hostUpdated(): void {
    this.sync();
  }

  hostDisconnected(): void {
    // Removed (or moved) during a break: the ad stops at once (its <video> would go on playing
    // detached, its timers would restart it); the film stays paused where it was.
    if (this.active || this.holding) {
      this.run++;
      this.stopCurrent?.();
      this.active = false;
      this.holding = false;
      this.endBreakView();
    }
    this.host.removeEventListener(AD_SKIP_REQUEST, this.onSkipRequest);
    this.host.removeEventListener(AD_PLAY_REQUEST, this.onPlayRequest);
    this.host.removeEventListener(AD_PAUSE_REQUEST, this.onPauseRequest);
    this.host.removeEventListener(AD_MUTE_REQUEST, this.onMuteRequest);
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
    if (this.resizeTimer !== null) this.clock.clearTimeout(this.resizeTimer);
    this.resizeTimer = null;
  }

  // ── source ────────────────────────────────────────────────────────────────────────────────────

  private sync(): void {
    const content = this.host.content;
    if (content === this.content) return;
    this.content = content;
    // A playlist's ad item: no seeking, an "Ad" label (issue 22 items 6 and 7).
    const adItem = content?.playbackMode === 'ad';
    if (this.host.store.getState().adItem !== adItem) this.host.store.setUi({ adItem });
    this.run++;
    this.stopCurrent?.();
    this.schedule = null;
    this.breaks = [];
    this.played.clear();
    this.lastTimeS = 0;
    if (this.blocked) this.host.store.setSession({ adBlocked: false });
    this.blocked = false;
    if (this.active || this.holding) this.endBreakView();
    this.active = false;
    this.holding = false;
    const tag = content?.adTag;
    this.prerollHandled = !tag;
    if (!tag) return;
    const url = adTagUrl(tag, globalThis.document?.baseURI ?? globalThis.location?.href ?? 'http://localhost/', this.options.random);
    if (!url.ok) {
      this.prerollHandled = true;
      this.host.report(adError(`The ad tag was not used: ${url.reason}`, { reason: url.reason }));
      return;
    }
    const run = this.run;
    const start = this.host.startTime;
    // Playback starts at the resume position: reaching the first mid-roll is measured from there.
    this.lastTimeS = typeof start === 'number' && Number.isFinite(start) && start > 0 ? start : 0;
    this.schedule = adLibrary().then((library) => library.loadAdSchedule(url.url, () => this.media?.duration ?? Number.NaN, this.options)).then(
      (breaks) => {
        if (run !== this.run) return null;
        this.breaks = keptBreaks(breaks, this.host.startTime);
        return this.breaks;
      },
      (error: unknown) => {
        if (run !== this.run) return null;
        this.failed(error);
        return null;
      },
    );
  }

  // ── content events ────────────────────────────────────────────────────────────────────────────

  private get media(): HTMLMediaElement | null {
    return this.host.store.owners.media ?? null;
  }

  private onContentPlay(): void {
    const media = this.media;
    if (!media) return;
    if (this.active || this.blocked) {
      media.pause();
      return;
    }
    if (this.prerollHandled) return;
    // The first play: held until the schedule is known and its pre-roll has played.
    this.prerollHandled = true;
    this.heldAtS = media.currentTime;
    media.pause();
    void this.preroll(this.run);
  }

  private onContentTime(): void {
    const media = this.media;
    if (!media || this.active || !this.prerollHandled || this.blocked) return;
    const now = media.currentTime;
    const from = this.lastTimeS;
    this.lastTimeS = now;
    if (media.seeking || this.breaks.length === 0) return;
    const due = dueMidroll(this.breaks, this.played, from, now);
    if (!due) return;
    // Every break passed on the way is done (only the last one plays).
    const dueAt = due.offset as number;
    for (const b of this.breaks) if (typeof b.offset === 'number' && b.offset <= dueAt) this.played.add(b.id);
    void this.playBreak(due, this.run);
  }

  private onContentEnded(): void {
    if (this.active || this.blocked) return;
    const post = this.breaks.find((b) => b.offset === 'end' && !this.played.has(b.id));
    if (post) void this.playBreak(post, this.run);
  }

  private async preroll(run: number): Promise<void> {
    this.holding = true;
    try {
      await this.prerollBreak(run);
    } finally {
      if (run === this.run) this.holding = false;
    }
  }

  private async prerollBreak(run: number): Promise<void> {
    this.viewerPaused = false;
    this.showLoading();
    const breaks = (await this.schedule) ?? [];
    if (run !== this.run) return;
    if (this.blocked) {
      this.endBreakView();
      return;
    }
    const pre = breaks.find((b) => b.offset === 'start' && !this.played.has(b.id));
    // A frame or two may have played before the \`play\` event's pause: the film starts where it was held.
    const media = this.media;
    if (pre && media && media.currentTime > this.heldAtS + 0.05) media.currentTime = this.heldAtS;
    if (pre) {
      await this.playBreak(pre, run);
      return;
    }
    this.endBreakView();
    this.resumeContent();
  }

  // ── breaks ────────────────────────────────────────────────────────────────────────────────────

  private async playBreak(adBreak: AdBreak, run: number): Promise<void> {
    this.played.add(adBreak.id);
    this.active = true;
    this.media?.pause();
    // A pre-roll keeps the viewer's pause of its loading phase; any other break starts playing.
    if (adBreak.offset !== 'start') this.viewerPaused = false;
    this.showLoading();
    adBreak.track?.('breakStart');
    try {
      const library = await adLibrary();
      const loaded = await library.loadBreak(adBreak, this.options);
      if (run !== this.run) return;
      for (let i = 0; i < loaded.ads.length && run === this.run; i++) {
        await this.playAd(library.VASTTracker, loaded.client, loaded.ads[i]!, i + 1, loaded.ads.length, run);
      }
      if (run === this.run) adBreak.track?.('breakEnd');
    } catch (error) {
      if (run !== this.run) return;
      adBreak.track?.('error', error instanceof AdLoadError ? error.vastCode : 900);
      this.failed(error);
    } finally {
      if (run === this.run) {
        this.active = false;
        this.endBreakView();
        if (adBreak.offset !== 'end' && !this.blocked) this.resumeContent();
      }
    }
  }

  private async playAd(Tracker: AdLibrary['VASTTracker'], client: VASTClient, ad: PlayableAd, index: number, count: number, run: number): Promise<void> {
    await this.host.updateComplete;
    const overlay = this.host.renderRoot.querySelector<S72AdOverlay>('s72-ad-overlay');
    await overlay?.updateComplete;
    const video = overlay?.video;
    if (!video || run !== this.run) return;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- vast-client's Ad/Creative types are untyped objects
    const tracker = new Tracker(client, ad.ad as any, ad.creative as any);
    const content = this.media;
    const outcome = await new Promise<AdOutcome>((resolve) => {
      let started = false;
      let done = false;
      const listeners = new AbortController();
      const on = (type: string, listener: () => void): void => video.addEventListener(type, listener, { signal: listeners.signal });
      const view = (): void => {
        const t = video.currentTime;
        this.showView({
          phase: 'playing',
          index,
          count,
          remainingS: remainingS(t, ad.durationS),
          skip: skipState(ad.skipOffsetS, t),
          paused: this.viewerPaused || (started && video.paused),
          muted: video.muted,
        });
      };
      const finish = (result: AdOutcome, code?: number): void => {
        if (done) return;
        done = true;
        listeners.abort();
        this.clock.clearTimeout(mediaTimer);
        this.clock.clearInterval(visibility);
        this.skipCurrent = null;
        this.stopCurrent = null;
        if (result === 'complete') tracker.complete();
        else if (result === 'skip') tracker.skip();
        else if (result === 'error') tracker.error({ ERRORCODE: String(code ?? 900) });
        video.pause();
        video.removeAttribute('src');
        video.load();
        resolve(result);
      };
      const fail = (code: number, message: string): void => {
        if (done) return;
        this.host.report(adError(message, { vastCode: code, mediaUrl: ad.mediaUrl }));
        finish('error', code);
      };
      on('playing', () => {
        if (!started) {
          started = true;
          tracker.trackImpression();
        }
        tracker.setPaused(false);
        view();
      });
      on('pause', () => {
        if (!done && started) tracker.setPaused(true);
        view();
      });
      on('timeupdate', () => {
        if (!started || done) return;
        tracker.setProgress(video.currentTime);
        view();
        if (adFinished(video.currentTime, ad.durationS, false)) finish('complete');
      });
      on('ended', () => finish('complete'));
      on('error', () => fail(405, `The ad's media could not be played (${video.error?.message || `code ${video.error?.code ?? '?'}`})`));
      on('volumechange', () => {
        tracker.setMuted(video.muted);
        view();
      });
      this.skipCurrent = () => {
        if (skipState(ad.skipOffsetS, video.currentTime).kind === 'ready') finish('skip');
      };
      this.stopCurrent = () => finish('stopped');
      // VAST 402: the media file did not start in time.
      const mediaTimer = this.clock.setTimeout(() => {
        if (!started && !this.viewerPaused) fail(402, `The ad's media did not start within ${AD_MEDIA_TIMEOUT_MS} ms`);
      }, AD_MEDIA_TIMEOUT_MS);
      // player-and-client §9: a paused ad resumes once the window is visible, checked every 1 s.
      const visibility = this.clock.setInterval(() => {
        if (!done && video.paused && !this.viewerPaused && globalThis.document?.visibilityState !== 'hidden') this.playAdVideo(video);
      }, AD_VISIBILITY_CHECK_MS);
      video.muted = content?.muted ?? false;
      video.volume = content?.volume ?? 1;
      video.src = ad.mediaUrl;
      view();
      if (!this.viewerPaused) this.playAdVideo(video);
    });
    void outcome;
  }

  /** Plays the ad; when the browser refuses sound (autoplay policy), muted. */
  private playAdVideo(video: HTMLVideoElement): void {
    video.play().catch((error: unknown) => {
      if ((error as DOMException | null)?.name === 'NotAllowedError' && !video.muted) {
        video.muted = true;
        video.play().catch(() => undefined);
      }
    });
  }

  // ── helpers ───────────────────────────────────────────────────────────────────────────────────

  private failed(error: unknown): void {
    if (error instanceof AdLoadError && error.kind === 'blocked') {
      if (this.blocked) return;
      this.blocked = true;
      this.host.store.setSession({ adBlocked: true });
      this.media?.pause();
      this.host.report(adBlockedError(error));
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    this.host.report(adError(`Ad error: ${message}`, error instanceof AdLoadError && error.vastCode ? { vastCode: error.vastCode } : {}, error));
  }

  // play-page §9
  /**
   * Plays the content after a break. The film's own play was held (its promise ended as an
   * interrupted play), so the autoplay policy's muted fallback is applied here: refused with
   * sound → muted, as the player's autoplay does.
   */
  private resumeContent(): void {
    const media = this.media;
    if (!media || media.ended) return;
    this.host.play().catch((error: unknown) => {
      if ((error as DOMException | null)?.name !== 'NotAllowedError' || media.muted) return;
      media.muted = true;
      this.host.muted = true;
      this.host.play().catch(() => undefined);
    });
  }

  private showView(view: Omit<AdView, 'compact'>): void {
    this.host.store.setUi({ ad: { ...view, compact: this.compact } });
  }

  /** The overlay while the break's VAST loads (the viewer may already pause or mute). */
  private showLoading(): void {
    this.showView({ phase: 'loading', index: 0, count: 0, remainingS: 0, skip: { kind: 'none' }, paused: this.viewerPaused, muted: this.media?.muted ?? false });
  }

  /** Changes some fields of the overlay's view now (a request answered before the video's event). */
  private patchView(patch: Partial<AdView>): void {
    const view = this.host.store.getState().ad;
    if (view) this.host.store.setUi({ ad: { ...view, ...patch } });
  }

  private get adVideo(): HTMLVideoElement | null {
    return this.host.renderRoot.querySelector<S72AdOverlay>('s72-ad-overlay')?.video ?? null;
  }

  private endBreakView(): void {
    this.host.store.setUi({ ad: null });
  }

  private readonly onSkipRequest = (): void => this.skipCurrent?.();

  private readonly onPlayRequest = (): void => {
    if (!this.active && !this.holding) return;
    this.viewerPaused = false;
    const video = this.adVideo;
    // Before the ad's media is set (loading) the ad starts by itself once it is.
    if (video?.getAttribute('src')) this.playAdVideo(video);
    this.patchView({ paused: false });
  };

  private readonly onPauseRequest = (): void => {
    if (!this.active && !this.holding) return;
    this.viewerPaused = true;
    this.adVideo?.pause();
    this.patchView({ paused: true });
  };

  /** The viewer's mute choice: the ad now, and the film after the break (the player's `muted`). */
  private readonly onMuteRequest = (event: Event): void => {
    if (!this.active && !this.holding) return;
    const muted = Boolean((event as CustomEvent<unknown>).detail);
    const video = this.adVideo;
    if (video) video.muted = muted;
    this.host.muted = muted;
    this.patchView({ muted });
  };

  private onResize(): void {
    if (this.resizeTimer !== null) this.clock.clearTimeout(this.resizeTimer);
    this.resizeTimer = this.clock.setTimeout(() => {
      this.resizeTimer = null;
      const compact = this.host.clientWidth > 0 && this.host.clientWidth < AD_COMPACT_WIDTH_PX;
      if (compact === this.compact) return;
      this.compact = compact;
      const view = this.host.store.getState().ad;
      if (view) this.host.store.setUi({ ad: { ...view, compact } });
    }, AD_RESIZE_DEBOUNCE_MS);
  }
}

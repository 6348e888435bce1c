// issue 14, issue 23 "Code that a start does not need loads on demand"; player-and-client §4 "Ad break"
/**
 * Ads, loaded on demand. This stub is always present and small: it sets the store's `adItem` row
 * (a playlist's ad item, `content.playbackMode: 'ad'`), and once a source has an ad tag it loads
 * the ads' chunk (schedule-controller.ts: the breaks, the VAST/VMAP library, the ads overlay) and
 * hands the player to it. A chunk with a neutral name: content blockers' URL filters match `ads`.
 *
 * - The film's first play while the chunk is still loading is held (paused) for the pre-roll, as
 *   the loaded controller holds it; the chunk then takes that play over.
 * - A chunk that cannot be downloaded is a recoverable `module_load_failed`: a held play is let go
 *   and the film plays without ads (as when the ad tag itself fails). The next source tries again.
 */
import type { ReactiveController } from 'lit';
import { moduleLoadFailed } from '../core/errors.js';
import type { S72Content } from '../core/types.js';
import { MediaListenersController } from './player-host.js';
import type { AdScheduleController, AdsControllerOptions, AdsHost } from './schedule-controller.js';

export type { AdsControllerOptions, AdsHost } from './schedule-controller.js';

export class AdsController implements ReactiveController {
  private content: S72Content | null = null;
  private loaded: AdScheduleController | null = null;
  private loading: Promise<AdScheduleController | null> | null = null;
  /** Where the film's first play was held while the chunk loads (seconds), or null. */
  private heldAtS: number | null = null;

  constructor(
    private readonly host: AdsHost,
    private readonly options: AdsControllerOptions = {},
  ) {
    host.addController(this);
    new MediaListenersController(host, { play: () => this.onContentPlay() });
  }

  /** Resolves with the loaded ads controller (null when none is needed yet, or its chunk failed). */
  get ready(): Promise<AdScheduleController | null> {
    return this.loading ?? Promise.resolve(this.loaded);
  }

  hostConnected(): void {
    this.sync();
  }

  hostUpdated(): void {
    this.sync();
  }

  private sync(): void {
    if (this.loaded) return;
    const content = this.host.content;
    if (content === this.content) return;
    this.content = content;
    this.heldAtS = null;
    // A playlist's ad item: no seeking, an "Ad" label (issue 22 items 6 and 7).
    const adItem = content?.playbackMode === 'ad';
    if (this.host.store.getState().adItem !== adItem) this.host.store.setUi({ adItem });
    if (content?.adTag) this.loading ??= this.load();
  }

  private async load(): Promise<AdScheduleController | null> {
    try {
      const { AdScheduleController } = await import('./schedule-controller.js');
      // Added to the host now: it connects at once and takes the source over (its own `sync`).
      this.loaded = new AdScheduleController(this.host, this.options);
      if (this.heldAtS !== null && this.host.isConnected) this.loaded.holdFirstPlay(this.heldAtS);
      return this.loaded;
    } catch (error) {
      this.host.report(moduleLoadFailed(error, 'the ads', 'recoverable'));
      // The film plays on without ads; another source tries again.
      if (this.heldAtS !== null) this.host.play().catch(() => undefined);
      return null;
    } finally {
      this.heldAtS = null;
      this.loading = null;
    }
  }

  private onContentPlay(): void {
    const media = this.host.store.owners.media;
    if (this.loaded || !this.loading || !media) return;
    // The first play waits for the pre-roll, as the loaded controller would hold it.
    this.heldAtS ??= media.currentTime;
    media.pause();
  }
}

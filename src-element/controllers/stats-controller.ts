// player-and-client §2 "debug statistics overlay", §4, §9
/**
 * Debug mode's statistics: while the store's
 * `debug` row is on, every {@link STATS_INTERVAL_MS} (0.5 s) builds a `StatsView` — playback state,
 * decoded size, variant and estimated bit rates, buffer ahead, dropped and decoded frames, engine and
 * version, and the last 120 s of samples for the graph — and writes it to the store's `stats` row;
 * off, it stops and clears `stats`. Fires `s72-debug-change` when debug mode turns on or off.
 * Timers run on the injected clock; everything stops on `hostDisconnected`.
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';
import type { PlayerState } from '../core/player-store.js';
import { bufferAhead, pushSample, STATS_INTERVAL_MS, statsPlaybackState } from '../core/ui/stats-rules.js';
import type { StatsSample, StatsView } from '../core/ui/ui-state.js';
import { fireEvent } from '../events.js';
import type { PlayerHost } from './player-host.js';

export class StatsController implements ReactiveController {
  private unsubscribe: (() => void) | null = null;
  /** The pending tick, when sampling. */
  private timer: { handle: TimerHandle } | null = null;
  private history: StatsSample[] = [];
  private debug = false;

  constructor(
    private readonly host: PlayerHost,
    private readonly clock: Clock = systemClock,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.unsubscribe = this.host.store.subscribe((state) => this.follow(state));
    this.follow(this.host.store.getState());
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.stop();
  }

  private follow(state: PlayerState): void {
    if (state.debug === this.debug) return;
    this.debug = state.debug;
    fireEvent(this.host, 's72-debug-change', { debug: state.debug });
    if (state.debug) this.tick();
    else {
      this.stop();
      this.host.store.setUi({ stats: null });
    }
  }

  private stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer.handle);
    this.timer = null;
    this.history = [];
  }

  private tick = (): void => {
    this.timer = null;
    if (!this.debug) return;
    this.host.store.setUi({ stats: this.sample() });
    this.timer = { handle: this.clock.setTimeout(this.tick, STATS_INTERVAL_MS) };
  };

  /** One view of the statistics now. */
  private sample(): StatsView {
    const state = this.host.store.getState();
    const { engine, media } = this.host.store.owners;
    const stats = state.loaded ? engine?.getStats() : undefined;
    const quality = media instanceof HTMLVideoElement ? media.getVideoPlaybackQuality() : undefined;
    const finite = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value : 0);
    const sample: StatsSample = {
      atMs: this.clock.now(),
      estimatedBandwidth: finite(stats?.estimatedBandwidth),
      bufferAheadS: bufferAhead(media?.buffered, media?.currentTime ?? 0),
      streamBandwidth: finite(stats?.streamBandwidth),
    };
    this.history = pushSample(this.history, sample);
    return {
      state: statsPlaybackState({
        loading: Boolean(engine) && !state.loaded && !state.error,
        loaded: state.loaded,
        seeking: media?.seeking ?? false,
        ended: state.ended,
        paused: state.paused,
      }),
      width: finite(stats?.width) || (media instanceof HTMLVideoElement ? media.videoWidth : 0),
      height: finite(stats?.height) || (media instanceof HTMLVideoElement ? media.videoHeight : 0),
      streamBandwidth: sample.streamBandwidth,
      estimatedBandwidth: sample.estimatedBandwidth,
      bufferAheadS: sample.bufferAheadS,
      droppedFrames: quality?.droppedVideoFrames ?? finite(stats?.droppedFrames),
      decodedFrames: quality?.totalVideoFrames ?? finite(stats?.decodedFrames),
      engine: engine ? `${engine.name}${engine.version ? ` ${engine.version}` : ''}` : '',
      history: this.history,
    };
  }
}

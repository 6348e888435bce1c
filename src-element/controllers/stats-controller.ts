// player-and-client §2 "debug statistics overlay", §4, §9
/**
 * Debug mode's statistics: while the store's
 * `debug` row is on, every {@link STATS_INTERVAL_MS} (0.5 s) builds a `StatsView` — playback state,
 * decoded size, variant and estimated bit rates, buffer ahead, dropped and decoded frames, engine and
 * version, and the last 120 s of samples for the graph — and writes it to the store's `stats` row;
 * off, it stops and clears `stats`. Fires `s72-debug-change` when debug mode turns on or off.
 * Timers run on the injected clock; everything stops on `hostDisconnected`. The sampling code is
 * fetched the first time debug mode turns on; a failed fetch leaves the panel away.
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';
import type { PlayerState } from '../core/player-store.js';
import type { StatsSample } from '../core/ui/ui-state.js';
import { fireEvent } from '../events.js';
import type { PlayerHost } from './player-host.js';

type Sampler = typeof import('./stats-sampler.js');

export class StatsController implements ReactiveController {
  private unsubscribe: (() => void) | null = null;
  /** The pending tick, when sampling. */
  private timer: { handle: TimerHandle } | null = null;
  private history: StatsSample[] = [];
  private debug = false;
  /** The sampling code, once fetched. */
  private sampler: Sampler | null = null;
  private samplerLoad: Promise<void> | null = null;

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
    if (state.debug) this.start();
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

  private start(): void {
    if (this.sampler) return this.tick();
    this.samplerLoad ??= import('./stats-sampler.js').then(
      (sampler) => {
        this.sampler = sampler;
        if (this.debug && this.timer === null) this.tick();
      },
      () => {
        this.samplerLoad = null; // tried again the next time debug mode turns on
      },
    );
  }

  private tick = (): void => {
    this.timer = null;
    if (!this.debug || !this.sampler) return;
    const { view, history } = this.sampler.sampleStats(this.host.store, this.history, this.clock.now());
    this.history = history;
    this.host.store.setUi({ stats: view });
    this.timer = { handle: this.clock.setTimeout(this.tick, this.sampler.STATS_INTERVAL_MS) };
  };
}

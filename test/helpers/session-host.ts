/**
 * A small host for the session controllers (heartbeat, player telemetry) driven by sinon fake
 * timers: a real store whose owners are a scripted media element and a scripted engine, so a test
 * sets "playing", "paused", "buffering" or the stats in one line and the store reacts through the
 * same events as with a real `<video>`.
 */
import { fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import type { Engine, EngineStats } from '../../src-element/core/engine/engine.js';
import type { S72Error } from '../../src-element/core/errors.js';
import { createPlayerStore } from '../../src-element/core/player-store.js';
import type { S72Content, S72PlayerConfig } from '../../src-element/core/types.js';
import { resolvePlaySession, type PlaySession } from '../../src-element/core/session/play-session.js';

/** The media element's readable state, changed with events as a browser would. */
export class ScriptedMedia extends EventTarget {
  paused = true;
  ended = false;
  currentTime = 0;
  duration = 120;
  volume = 1;
  muted = true;
  playbackRate = 1;
  ranges: Array<[number, number]> = [];
  get buffered(): TimeRanges {
    const ranges = this.ranges;
    return { length: ranges.length, start: (i: number) => ranges[i]![0], end: (i: number) => ranges[i]![1] } as TimeRanges;
  }
  get played(): TimeRanges {
    return { length: this.paused ? 0 : 1, start: () => 0, end: () => this.currentTime } as TimeRanges;
  }
  play(): Promise<void> {
    this.paused = false;
    this.ended = false;
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  }
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  end(): void {
    this.paused = true;
    this.ended = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }
  seek(to: number): void {
    this.currentTime = to;
    this.dispatchEvent(new Event('seeking'));
    this.dispatchEvent(new Event('seeked'));
  }
  at(seconds: number): void {
    this.currentTime = seconds;
    this.dispatchEvent(new Event('timeupdate'));
  }
  /** Makes it a live stream (duration Infinity). */
  live(): void {
    this.duration = Number.POSITIVE_INFINITY;
    this.dispatchEvent(new Event('durationchange'));
  }
}

/** An engine whose stats and live playhead date the test sets. */
export function scriptedEngine(stats: Partial<EngineStats> = {}, seekRange = { start: 0, end: 120 }) {
  const engine = {
    name: 'shaka',
    stats: {
      width: 1280,
      height: 720,
      streamBandwidth: 2_000_000,
      estimatedBandwidth: 6_000_000,
      droppedFrames: 1,
      decodedFrames: 100,
      bufferingTime: 0,
      licenseTime: Number.NaN,
      liveLatency: Number.NaN,
      ...stats,
    } as EngineStats,
    playheadDate: null as number | null,
    range: seekRange,
    getStats: () => engine.stats,
    playheadDateMs: () => engine.playheadDate,
    seekRange: () => engine.range,
    audioTracks: () => [],
    textTracks: () => [],
    videoTracks: () => [],
    on: () => () => undefined,
  };
  return engine;
}

export type ScriptedEngine = ReturnType<typeof scriptedEngine>;

let hostCount = 0;

export class SessionTestHost extends LitElement {
  readonly store = createPlayerStore({ document });
  effectiveConfig: S72PlayerConfig = {};
  content: S72Content | null = { slug: '/film/night-harbour', assets: {} };
  playToken: string | null = null;
  get playSession(): PlaySession {
    return resolvePlaySession(this.playToken, this.content?.session);
  }
  readonly errors: S72Error[] = [];
  readonly media = new ScriptedMedia();
  report(error: S72Error): void {
    this.errors.push(error);
    if (error.severity === 'critical') this.store.setSession({ error });
  }
  override connectedCallback(): void {
    super.connectedCallback();
    this.store.connect(); // the player's StoreController does this
  }
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.store.disconnect();
  }
  protected override render() {
    return html``;
  }
  /** The engine finished loading: the session starts. */
  load(engine: ScriptedEngine = scriptedEngine()): ScriptedEngine {
    this.store.setOwners({ engine: engine as unknown as Engine });
    this.store.setSession({ loaded: true, error: null });
    return engine;
  }
  setBuffering(buffering: boolean): void {
    this.store.setSession({ buffering });
  }
}

/**
 * A connected host (a new tag each time: a custom element name is defined once). `setup` runs
 * before the host is connected: add the controllers there.
 */
export async function sessionHost(setup: (host: SessionTestHost) => void): Promise<SessionTestHost> {
  const tag = `s72-session-test-host-${++hostCount}`;
  customElements.define(tag, class extends SessionTestHost {});
  const element = document.createElement(tag) as SessionTestHost;
  element.store.setOwners({ media: element.media as unknown as HTMLMediaElement });
  setup(element);
  const parent = await fixture(html`<div></div>`);
  parent.append(element);
  await element.updateComplete;
  return element;
}

/** A play token whose payload is `payload` (the demo's shape: `header.payload.signature`). */
export function playToken(payload: object): string {
  const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${base64url('{"alg":"none"}')}.${base64url(JSON.stringify(payload))}.signature`;
}

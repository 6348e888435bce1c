// player-and-client §2 "debug statistics overlay", §9 "Stats refresh every 0.5 s"; issue 23
/**
 * One sample of debug mode's statistics from the player's store and its media and engine owners:
 * fetched by the stats controller the first time debug mode turns on, so a start never downloads it.
 */
import type { PlayerStore } from '../core/player-store.js';
import { bufferAhead, pushSample, statsPlaybackState } from '../core/ui/stats-rules.js';
import type { StatsSample, StatsView } from '../core/ui/ui-state.js';

export { STATS_INTERVAL_MS } from '../core/ui/stats-rules.js';

/** One view of the statistics now, and the history with this sample added. */
export function sampleStats(store: PlayerStore, previous: readonly StatsSample[], nowMs: number): { view: StatsView; history: StatsSample[] } {
  const state = store.getState();
  const { engine, media } = store.owners;
  const stats = state.loaded ? engine?.getStats() : undefined;
  const quality = media instanceof HTMLVideoElement ? media.getVideoPlaybackQuality() : undefined;
  const finite = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value : 0);
  const sample: StatsSample = {
    atMs: nowMs,
    estimatedBandwidth: finite(stats?.estimatedBandwidth),
    bufferAheadS: bufferAhead(media?.buffered, media?.currentTime ?? 0),
    streamBandwidth: finite(stats?.streamBandwidth),
  };
  const history = pushSample(previous, sample);
  const view: StatsView = {
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
    history,
  };
  return { view, history };
}

// issue 9 "Player UI for live"; player-and-client §5 "Seeks are clamped"
/**
 * The live edge, for the live controls: how far playback is behind the newest position it may seek to, and where "go to
 * live" seeks. The live edge is the end of the seekable range (the engine's DVR window, which already
 * keeps the stream's presentation delay). Framework-free (core layer).
 *
 * Units: seconds.
 */
import type { TimeRange } from '../player-store.js';

/**
 * Playback up to this far behind the live edge is "at the live edge" (LIVE badge lit, no "go to
 * live" button, no offset shown), seconds. Several segments of the usual 2–6 s, so the ordinary
 * lag of a playing stream (the edge moves with the clock, the playhead with the buffer) never
 * counts as "behind" (Video.js `liveTolerance` 15 s, Vidstack `liveEdgeTolerance` 10 s).
 */
export const LIVE_EDGE_TOLERANCE_S = 10;

/** "Go to live" seeks this far before the seekable end, seconds: the edge moves on while the seek runs. */
export const LIVE_EDGE_SEEK_OFFSET_S = 1;

/** Seconds behind the live edge (the end of `seekable`), never negative; 0 for an empty range. */
export function secondsBehindLiveEdge(currentTime: number, seekable: TimeRange): number {
  if (!Number.isFinite(currentTime) || !Number.isFinite(seekable.end) || seekable.end <= seekable.start) return 0;
  return Math.max(0, seekable.end - currentTime);
}

/** True when playback is within {@link LIVE_EDGE_TOLERANCE_S} of the live edge. */
export function atLiveEdge(currentTime: number, seekable: TimeRange): boolean {
  return secondsBehindLiveEdge(currentTime, seekable) <= LIVE_EDGE_TOLERANCE_S;
}

/** Where "go to live" seeks: {@link LIVE_EDGE_SEEK_OFFSET_S} before the end, never before the start. */
export function liveEdgeSeekTarget(seekable: TimeRange): number {
  return Math.max(seekable.start, seekable.end - LIVE_EDGE_SEEK_OFFSET_S);
}

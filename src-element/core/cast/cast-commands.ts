// player-and-client §7 "Cast controller operations: load media (optionally mode beginning), set volume, mute, skip ad, disconnect, start or stop casting"; §8 "Retry button … reloads the media"
/**
 * What the cast surfaces ask the cast controller for ("Reconnect reloads the page"): the
 * detail of `s72-cast-request`. Framework-free.
 */

export type S72CastCommand =
  /** Opens the device picker and casts the content. */
  | { action: 'start' }
  /** Stops casting and the receiver app. */
  | { action: 'stop' }
  /** Leaves the session; the receiver keeps playing. */
  | { action: 'disconnect' }
  /** Loads the content on the receiver again; `beginning`: from 0 (replay), else from the local position. */
  | { action: 'load'; mode?: 'beginning' | 'resume' }
  | { action: 'play-pause' }
  /** Receiver position, seconds. */
  | { action: 'seek'; time: number }
  /** Receiver volume 0..1 (throttled 500 ms). */
  | { action: 'volume'; level: number }
  | { action: 'mute'; muted: boolean }
  | { action: 'skip-ad' }
  // §8
  /** "Connection lost" → Reconnect: reloads the page. */
  | { action: 'reconnect' };

const ACTIONS = new Set(['start', 'stop', 'disconnect', 'load', 'play-pause', 'seek', 'volume', 'mute', 'skip-ad', 'reconnect']);

/** True for a well-formed command (request details are untrusted). */
export function isCastCommand(value: unknown): value is S72CastCommand {
  if (typeof value !== 'object' || value === null) return false;
  const command = value as Record<string, unknown>;
  if (typeof command['action'] !== 'string' || !ACTIONS.has(command['action'])) return false;
  if (command['action'] === 'seek') return typeof command['time'] === 'number' && Number.isFinite(command['time']);
  if (command['action'] === 'volume') return typeof command['level'] === 'number' && Number.isFinite(command['level']);
  if (command['action'] === 'mute') return typeof command['muted'] === 'boolean';
  return true;
}

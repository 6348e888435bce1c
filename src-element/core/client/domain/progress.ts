// player-and-client §3 "Playback progress"; play-page §5 "Resume"
/**
 * Playback progress: completion
 * and in-progress helpers shared by continue-watching and the play page's resume logic. Pure.
 *
 * Wire shape (`GET /services/content/v1/playback_progress/{userId}`, `playback_progress[]`):
 * `{item, last_played_at, play_position, length, completed}` — positions in seconds,
 * `last_played_at` an ISO string. In code ({@link ProgressEntry}): seconds and epoch ms.
 */
import { tryParseSlug, type ParsedSlug } from '../slugs.js';
import { COMPLETION_THRESHOLD } from './constants.js';
import { readRequiredDate } from './dates.js';

/** A position against a duration, in seconds, plus the server's completed flag. */
export interface PositionInput {
  /** Seconds. */
  position: number;
  /** Seconds; `null`/absent or non-positive when unknown. */
  duration?: number | null;
  completed?: boolean | null;
}

/**
 * "An item is completed when the flag says so or when position divided by duration
 * exceeds 0.8" ({@link COMPLETION_THRESHOLD}, strictly greater). Without a positive duration only
 * the flag counts. Never throws.
 */
export function isCompleted(progress: PositionInput): boolean {
  if (progress.completed === true) return true;
  const { position, duration } = progress;
  if (typeof position !== 'number' || typeof duration !== 'number') return false;
  if (!Number.isFinite(position) || !Number.isFinite(duration) || duration <= 0) return false;
  return position / duration > COMPLETION_THRESHOLD;
}

/** "An item is in progress when the position is above 0 and it is not completed." */
export function isInProgress(progress: PositionInput): boolean {
  return typeof progress.position === 'number' && progress.position > 0 && !isCompleted(progress);
}

/** One playback progress record, as on the wire. */
export interface PlaybackProgressInput {
  /** The item's slug. */
  item?: string | null;
  /** ISO date-time. Read as `lastWatchedAt` in the player. */
  last_played_at?: string | null;
  /** Seconds. */
  play_position?: number | null;
  /** Seconds. */
  length?: number | null;
  completed?: boolean | null;
}

/** A playback progress record in code. */
export interface ProgressEntry {
  /** Canonical slug. */
  slug: string;
  parsed: ParsedSlug;
  /** Epoch ms (wire `last_played_at`). */
  lastWatchedAt: number;
  /** Seconds, ≥ 0. */
  position: number;
  /** Seconds, > 0, or `null` when unknown. */
  duration: number | null;
  /** {@link isCompleted} of the record. */
  completed: boolean;
}

/**
 * Normalises one progress record.
 *
 * @returns the entry, or `null` (excluded) when `item` is not a known slug shape, `last_played_at`
 *   is missing or not a valid ISO date, or `play_position` is missing, negative or not finite. A
 *   bad `length` reads as unknown (`null`). Never throws.
 */
export function toProgressEntry(input: PlaybackProgressInput | null | undefined): ProgressEntry | null {
  if (!input || typeof input !== 'object' || typeof input.item !== 'string') return null;
  const parsed = tryParseSlug(input.item);
  const lastWatchedAt = readRequiredDate(input.last_played_at);
  const position = input.play_position;
  if (!parsed || lastWatchedAt === null) return null;
  if (typeof position !== 'number' || !Number.isFinite(position) || position < 0) return null;
  const length = input.length;
  const duration = typeof length === 'number' && Number.isFinite(length) && length > 0 ? length : null;
  return {
    slug: parsed.slug,
    parsed,
    lastWatchedAt,
    position,
    duration,
    completed: isCompleted({ position, duration, completed: input.completed === true }),
  };
}

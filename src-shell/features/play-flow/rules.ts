/**
 * The play flow's business rules (play-page §2 "Watch window", §4 "Rental", §5 "Age check" and
 * "Resume", §9 constants). Pure: every "now" is injected as epoch ms; positions are seconds.
 */
import {
  createTranslator,
  formatCountdown as sharedFormatCountdown,
  formatPosition as sharedFormatPosition,
  type Translator,
  configNumber,
  ageFromDob,
  isCompleted,
  isInProgress,
  type Availability,
  type Configuration,
  type LibraryItem,
  type PlaybackProgress,
  type StreamsResponse,
} from 's72-player/client';

/** play-page §9: PIN length and attempts. */
export const PIN_LENGTH = 4;
export const PIN_MAX_ATTEMPTS = 5;
/** play-page §9: the resume prompt shows only when the item was last watched more than this long ago. */
export const RESUME_GAP_MS = 3_600_000;
/** The countdown screen's refresh period (its text changes every second). */
export const COUNTDOWN_TICK_MS = 1000;
/** play-page §4 "Live events", §9: the countdown polls a live event's status every 5 s until it is live. */
export const LIVE_COUNTDOWN_POLL_MS = 5000;

/**
 * A live event's status from its availability (`live.status`, lower-cased: `planned`, `live`,
 * `completed`, `ended`, …); `undefined` when the item is not a live event or the status is not given.
 */
export function liveStatusOf(availability: Availability | undefined): string | undefined {
  const live = availability?.live;
  if (typeof live !== 'object' || live === null) return undefined;
  return live.status?.trim().toLowerCase() || undefined;
}

/** play-page §4: "A status of ended or completed marks the event finished." */
export function isLiveFinished(status: string | null | undefined): boolean {
  return status === 'completed' || status === 'ended';
}

/** Coming soon: `from` is in the future (play-page §3 "Availability"). `now` in epoch ms. */
export function isComingSoon(availability: Availability | undefined, now: number): boolean {
  const at = availableAt(availability, now);
  return at !== undefined && at > now;
}

/** Expired: `to` is in the past. `now` in epoch ms. */
export function isExpired(availability: Availability | undefined, now: number): boolean {
  const to = availability?.to ? Date.parse(availability.to) : NaN;
  return Number.isFinite(to) && to <= now;
}

/**
 * When a coming-soon item becomes available, epoch ms: its `from`, else `now + ms_from` (ms until
 * `from`); `undefined` when it has neither.
 */
export function availableAt(availability: Availability | undefined, now: number): number | undefined {
  const from = availability?.from ? Date.parse(availability.from) : NaN;
  if (Number.isFinite(from)) return from;
  const msFrom = availability?.ms_from;
  return typeof msFrom === 'number' && Number.isFinite(msFrom) && msFrom > 0 ? now + msFrom : undefined;
}

/** What the viewer lookup of the age check found (play-page §5). */
export type ViewerLookup =
  /** No auth token: nobody to look up. */
  | { kind: 'none' }
  /** The lookup failed. */
  | { kind: 'failed' }
  | { kind: 'found'; dob: string | null; userId?: string; groups?: readonly string[] };

/** Outcome of the age check: allowed, or the reason code. */
export type AgeVerdict = 'allowed' | 'age_restricted' | 'missing_dob';

/**
 * The age check (play-page §5 "Age check").
 *
 * The rule is the configuration's `minimum_purchase_age` (≤ 0 or absent: anyone may watch). The
 * title's classification `minimum_age`, when known, may only raise it, never lower it: the age
 * required is the larger of the two.
 * No auth token or a failed lookup: allowed. No `dob`: `missing_dob`. Under age: `age_restricted`.
 */
export function checkAge(input: {
  configuration: Configuration;
  /** The title's classification minimum age, when known. */
  classificationMinimumAge?: number | null | undefined;
  viewer: ViewerLookup | undefined;
  now: number;
}): AgeVerdict {
  const configured = configNumber(input.configuration, 'minimum_purchase_age', 0);
  if (configured <= 0) return 'allowed';
  const c = input.classificationMinimumAge;
  const required = typeof c === 'number' && Number.isFinite(c) ? Math.max(configured, c) : configured;
  const viewer = input.viewer;
  if (!viewer || viewer.kind !== 'found') return 'allowed';
  if (!viewer.dob) return 'missing_dob';
  const age = ageFromDob(viewer.dob, input.now);
  if (age === null) return 'missing_dob';
  return age < required ? 'age_restricted' : 'allowed';
}

/** Where playback starts (play-page §5 "Resume"). */
export type ResumePlan =
  /** Start at `at` seconds (`undefined`: from the beginning). */
  | { kind: 'start'; at?: number }
  /** Ask: resume from `position` seconds or start from the beginning. */
  | { kind: 'prompt'; position: number };

/**
 * The resume rule (play-page §5 "Resume"): `t` in the address wins; without progress, or for a
 * completed item (flag, or position / duration > 0.8), start from the beginning. An item in
 * progress shows the resume prompt only when the configuration allows it (`player_resume`) and it
 * was last watched more than 3600 s ago; otherwise playback starts at the saved position.
 */
export function planResume(input: {
  configuration: Configuration;
  progress: PlaybackProgress | null | undefined;
  /** `t` of the address, seconds. */
  startTime?: number | undefined;
  now: number;
}): ResumePlan {
  if (input.startTime !== undefined) return { kind: 'start', at: input.startTime };
  const p = input.progress;
  if (!p) return { kind: 'start' };
  const progress = { position: p.play_position, duration: p.length ?? null, completed: p.completed ?? false };
  if (isCompleted(progress) || !isInProgress(progress)) return { kind: 'start' };
  const promptAllowed = input.configuration['player_resume'] === true;
  const last = p.last_played_at ? Date.parse(p.last_played_at) : NaN;
  if (promptAllowed && Number.isFinite(last) && input.now - last > RESUME_GAP_MS) return { kind: 'prompt', position: p.play_position };
  return { kind: 'start', at: p.play_position };
}

/** A watch window that playing will start (play-page §4 "Rental"). */
export interface WatchWindow {
  /** The window's length in whole minutes, at least 60 (play-page §2: the notice says at least an hour). */
  minutes: number;
  /** When the window would end if playing started now, epoch ms. */
  endsAt: number;
}

/**
 * The watch window that starting playback now would open (play-page §4 "Rental", §9 "Rental watch
 * window minutes come from the library entry"): a library entry with no `playback_start` but a
 * `rental_playback_duration_minutes`; without a library entry, the streams answer's
 * `will_trigger_watch_window` with `watch_window_duration` minutes. It ends at now + duration,
 * capped by the end of availability (the availability's `to` and the entry's `expiry`). `null`
 * when no window will start.
 */
export function watchWindow(input: {
  response: Pick<StreamsResponse, 'will_trigger_watch_window' | 'watch_window_duration'>;
  availability: Availability | undefined;
  /** The viewer's library entry for the item (or its parent), when known. */
  libraryEntry?: LibraryItem | undefined;
  now: number;
}): WatchWindow | null {
  const info = input.libraryEntry?.info;
  let minutes: number | null | undefined;
  if (info) {
    minutes = info.playback_start ? null : info.rental_playback_duration_minutes;
  } else if (input.response.will_trigger_watch_window === true) {
    minutes = input.response.watch_window_duration;
  }
  if (typeof minutes !== 'number' || !(minutes > 0)) return null;
  let endsAt = input.now + minutes * 60_000;
  for (const end of [input.availability?.to, info?.expiry]) {
    const t = end ? Date.parse(end) : NaN;
    if (Number.isFinite(t) && t < endsAt) endsAt = t;
  }
  return { minutes: Math.max(60, Math.round((endsAt - input.now) / 60_000)), endsAt };
}

/** The library entry of `slug`, else of `parent` (a bonus or episode is covered by its film or season). */
export function libraryEntryFor(library: readonly LibraryItem[] | undefined, slug: string, parent: string | undefined): LibraryItem | undefined {
  return library?.find((e) => e.item === slug) ?? (parent ? library?.find((e) => e.item === parent) : undefined);
}

/**
 * When the viewer's rental stops being playable, epoch ms (play-page §8 "rental_expired: drm_failed
 * on an expired rental"): the earliest of the library entry's `expiry` and `playback_end`, and the
 * end of a watch window that starts now. `undefined` when the item is not a rental.
 */
export function rentalEndOf(libraryEntry: LibraryItem | undefined, window: WatchWindow | null): number | undefined {
  const ends = [libraryEntry?.info?.expiry, libraryEntry?.info?.playback_end]
    .map((value) => (typeof value === 'string' ? Date.parse(value) : Number.NaN))
    .filter((value) => Number.isFinite(value));
  if (window) ends.push(window.endsAt);
  return ends.length ? Math.min(...ends) : undefined;
}

/**
 * The watch-window notice of play-page §2 for a window of `minutes`, from the string table; at
 * least one hour. A whole number of hours reads word for word as the spec's ("an hour", "N hours");
 * any other length is said exactly, never rounded (issue 22 item 15: 90 minutes is "1 hour 30
 * minutes", not "2 hours"). `i18n` defaults to English.
 */
export function watchWindowText(minutes: number, i18n: Translator = createTranslator('en')): string {
  const whole = Math.max(60, Math.round(Number.isFinite(minutes) ? minutes : 60));
  if (whole % 60 === 0) return i18n.t('watchWindow.notice', { count: whole / 60 });
  return i18n.t('watchWindow.noticeDuration', { duration: i18n.spokenTime(whole * 60) });
}

/** `mm:ss`, or `h:mm:ss` from one hour; seconds are floored, negatives read as 0 (the one implementation in `s72-player/client`). */
export const formatPosition: (seconds: number) => string = sharedFormatPosition;

/**
 * A countdown's remaining time as `hh:mm:ss`, with whole days in words in front ("2 days
 * 00:00:01"), rounded up to the second; in the language of `i18n` (default English).
 */
export function formatCountdown(remainingMs: number, i18n?: Translator): string {
  return sharedFormatCountdown(remainingMs, i18n);
}

/** A PIN the form may send: exactly {@link PIN_LENGTH} digits. */
export function isWellFormedPin(pin: string): boolean {
  return new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin);
}

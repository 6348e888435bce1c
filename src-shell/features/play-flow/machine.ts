/**
 * The play flow as a pure state machine (play-page §4 "Play page flow", happy path and its error
 * states; STYLE.md §7 item 15). `transition(state, event, env)` returns the next state and the
 * commands to run; it performs no I/O. play-flow.ts runs the commands and feeds their results back
 * as events; React only renders the state.
 *
 * ```
 * idle ──start──▶ loading(item) ──item-loaded──┬─ expired ──▶ error(availability_expired)
 *   │                                           ├─ live event completed / ended ──▶ error(live_event_completed) (the live-ended screen)
 *   │                                           ├─ coming soon ──▶ countdown ──tick…──▶ loading(item)
 *   │                                           ├─ live event not live yet ──▶ countdown ──(status polled every 5 s)──▶ live: on with the item's answers
 *   │                                           ├─ under age / no dob ──▶ error(age_restricted / missing_dob)
 *   │                                           ├─ season ──▶ loading(episodes) ──▶ redirecting(first available episode)
 *   │                                           ├─ PIN ──▶ loading(pin-check) ──▶ pin ⇄ (verify) ──▶ device check
 *   │                                           └─────────────────────────────────────▶ device check
 *   │   device check ─ no ──▶ unsupported ──(recheck every 2 s: supported)──▶ loading(streams)
 *   │                ─ yes / maybe / not checked ──▶ loading(streams of the current playlist item, else the item)
 *   │   loading(streams) ──streams-loaded──▶ [watch-window ──Play──▶] [resume-prompt ──choice──▶] playing
 *   │   playing ──item-ended / skip-requested──▶ loading(streams of the next playlist item) | playlist finished
 *   │   (the playlist's actions and playback status live in a PlaylistRun, playlist/playlist-run.ts, play-page §4)
 *   │   playing ──playback-failed──▶ error | unsupported (drm_version_not_supported, content_not_supported, invalid_source_for_device)
 *   │   any load ──failed──▶ error ──retry──▶ loading(item)   (401 ──▶ redirecting(sign-in);
 *   │                        missing_from_library / unavailable + valid from, or from absent ──▶ redirecting(from or sign-in page))
 *   └─ no session ──▶ redirecting(home)
 * ```
 *
 * Time is injected: `item-loaded`, `streams-loaded`, `tick` and `live-status` carry `now` (epoch ms);
 * the countdown asks for its ticks with a `wait` command and, for a live event, for its status with
 * `poll-live-status` (play-page §4 "Live events").
 * Device support, the playlist and the watched record are looked up by the runner with the item's
 * calls and arrive on `item-loaded`; telemetry leaves as `track` commands (player-opened on entering
 * the player, player-error, playlist-finished).
 */
import {
  type Availability,
  type Configuration,
  type LibraryItem,
  type StreamsResponse,
  tryParseSlug,
  type ParsedSlug,
  isS72Error,
  S72Error,
  type S72Content,
  type S72PlayerConfig,
} from 's72-player/client';
import { supportForStream, type DeviceSupport } from '../device-support/index.js';
import type { PlaylistItem } from '../playlist/index.js';
import {
  createPlaylistRun,
  currentAction,
  destroyRun,
  isAdItem,
  markEnded,
  markPlaying,
  markStarted,
  nextItem,
  playlistPosition,
  skipItem,
  startCurrent,
  type PlaylistEntry,
  type PlaylistPosition,
  type PlaylistRun,
} from '../playlist/index.js';
import { errorTelemetryData, type PlayTelemetryEventName } from '../play-telemetry/index.js';
import { PLAY_ROUTE_TYPES } from '../../config/paths.js';
import { safeRedirectUrl, withQuery } from '../../lib/safe-url.js';
import type { PlaySession } from '../../types/play-session.js';
import { buildContent, buildPlayerConfig } from './build-content.js';
import { sessionServicesConfig } from './session-services.js';
import { castPlayerConfig } from './cast-config.js';
import { playerTrack, type PlayerTrack } from './rollout.js';
import { chooseStream, configuredKeySystems, type PlaybackCapabilities, type StreamKind } from './choose-stream.js';
import { describeItem, type ItemDescription, type ItemMetadata } from './describe-item.js';
import { flowError, toFlowError, withMessage, type FlowError } from './flow-errors.js';
import { navLinks, relatedItems, siblingsOf, type NavLinks, type RelatedItem } from './navigation.js';
import {
  availableAt,
  checkAge,
  COUNTDOWN_TICK_MS,
  isComingSoon,
  isExpired,
  isLiveFinished,
  isWellFormedPin,
  LIVE_COUNTDOWN_POLL_MS,
  liveStatusOf,
  libraryEntryFor,
  PIN_MAX_ATTEMPTS,
  planResume,
  watchWindow,
  type ResumePlan,
  type ViewerLookup,
  rentalEndOf,
} from './rules.js';

export { isComingSoon, isExpired } from './rules.js';

/** A slug a play session may name (play-page §2 routes). */
export type RouteSlug = Extract<ParsedSlug, { type: (typeof PLAY_ROUTE_TYPES)[number] }>;

/** Codes that send the viewer to the `from` URL with `prompt=player_{code}&slug` (play-page §8). */
export const REDIRECT_CODES: readonly string[] = ['missing_from_library', 'unavailable'];

/** What the machine needs to know about the page. */
export interface FlowEnv {
  /** The storefront origin: licence URLs and redirect validation. */
  origin: string;
  /** Extra origins redirects may go to. */
  allowedOrigins?: readonly string[];
  /** The page's language (a tag; see `s72-player/client` `resolveLocale`) for the texts the flow writes itself, e.g. "Season 1 · Episode 2". Default English. */
  locale?: string | undefined;
}

/** Everything `<s72-player>` needs, plus what the page shows around it. */
export interface Playback {
  slug: string;
  content: S72Content;
  config: S72PlayerConfig;
  /** Start position, seconds (`t`). */
  startTime?: number;
  autoplay: boolean;
  title: string;
  subtitle?: string;
  poster?: string;
  kind: StreamKind;
  showNavbar: boolean;
  /** Previous / next episode or bonus of the navigation bar. */
  nav: NavLinks;
  /**
   * The related-content menu (player-and-client §1, §8): the episodes of the season or the bonuses,
   * each with its status; absent for a film or when the availabilities are unknown.
   */
  related?: RelatedItem[];
  /**
   * `cast=false` / `airplay=false` (play-page §2); the player gets them in `config.cast.enabled` and
   * `config.airplay` (cast-config.ts).
   */
  castEnabled: boolean;
  airplayEnabled: boolean;
  /** When the viewer's rental of this item stops being playable, epoch ms (absent: not a rental). */
  rentalEndsAt?: number;
  /** Where this item sits in the played item's playlist (absent: no playlist). */
  playlist?: PlaylistPosition;
}

export type { PlaylistEntry, PlaylistPosition } from '../playlist/index.js';

/** Where the page goes next. */
export type NavigationTarget =
  | { kind: 'url'; url: string }
  /** Another play route on this page (the non-token query is kept by the runner). */
  | { kind: 'route'; slug: string; title?: string };

export type RedirectReason = 'no-session' | 'first-episode' | 'from' | 'sign-in';

/** play-page §9 "Default sign-in page /signin.html". */
export const DEFAULT_SIGN_IN_URL = '/signin.html';

interface LoadingBase {
  status: 'loading';
  session: PlaySession;
  slug: RouteSlug;
}

/** What the flow knows once the item is loaded. */
export interface ItemContext {
  session: PlaySession;
  slug: RouteSlug;
  metadata: ItemMetadata;
  description: ItemDescription;
  configuration: Configuration;
  capabilities: PlaybackCapabilities;
  availability: Availability | undefined;
  /** The device support check (play-page §4 step 5), run in parallel with the item's calls; absent: not checked. */
  device?: DeviceSupport | undefined;
  /**
   * The played item's playlist and its actions (play-page §4 "Playlist and action lifecycle",
   * playlist-run.ts); absent: none, play the item itself.
   */
  playlist?: PlaylistRun | undefined;
  /** The staged rollout's track for this viewer (player-and-client §9; rollout.ts); absent: current. */
  playerTrack?: PlayerTrack | undefined;
}

/**
 * Why the unsupported-browser screen shows: the device check (rechecked every 2 s while shown), or
 * a player / stream verdict that sends the viewer to the unsupported-device page (play-page §8).
 */
export type UnsupportedCause = 'device' | 'drm_version_not_supported' | 'content_not_supported' | 'invalid_source_for_device';

/** The unsupported-browser state (play-page §2 "Play page states"). */
export interface UnsupportedState {
  status: 'unsupported';
  session: PlaySession;
  slug: string;
  cause: UnsupportedCause;
  /** The device as last checked, when known. */
  support?: DeviceSupport | undefined;
  /** The native app's link (`app_url` of the configuration), for "Get the app to view" on mobile. */
  appUrl?: string | undefined;
  /** Where the flow goes on once the device becomes supported (cause `device`). */
  context?: ItemContext | undefined;
}

/** The PIN form (play-page §5): attempts left, the last error, waiting for the server, locked out. */
export interface PinState extends ItemContext {
  status: 'pin';
  attemptsLeft: number;
  submitting: boolean;
  lockedOut: boolean;
  error?: FlowError;
  /**
   * The last submission was not a PIN at all (nothing typed, or not 4 digits): a form validation,
   * not `incorrect_pin` — no call was made and no attempt is used (issue 22 item 15).
   */
  invalid?: 'empty' | 'format';
}

export type FlowState =
  | { status: 'idle' }
  | (LoadingBase & { phase: 'item' })
  | (ItemContext & { status: 'loading'; phase: 'episodes' | 'pin-check' | 'streams' })
  /**
   * Coming soon (play-page §4 step 3): `availableAt` and `now` in epoch ms; a live event that is not
   * live yet has `live` (and `availableAt` only when its availability starts later).
   */
  | { status: 'countdown'; session: PlaySession; slug: string; title: string; availableAt?: number; now: number; live?: LiveWait }
  | PinState
  | UnsupportedState
  /** The rental notice (play-page §2 "Watch window"); "Play" goes on to `next`. */
  | { status: 'watch-window'; session: PlaySession; title: string; minutes: number; endsAt: number; next: ResumeOrPlay }
  | ResumeOrPlay
  | { status: 'redirecting'; reason: RedirectReason; target: NavigationTarget; session: PlaySession | null }
  | { status: 'error'; error: FlowError; session: PlaySession | null; slug?: string };

/** The resume prompt (play-page §5) or the player. `position` in seconds. */
export type ResumeOrPlay =
  | { status: 'resume-prompt'; session: PlaySession; playback: Playback; position: number; context?: ItemContext }
  /** `context`: what the flow knew (configuration, device, the playlist to load its next item). */
  | { status: 'playing'; session: PlaySession; playback: Playback; context?: ItemContext };

/**
 * A live event waiting to go live (play-page §4 "Live events"): its status is polled at `statusUrl`
 * every 5 s; once live the flow goes on with the item's answers (`loaded`) as they were.
 */
export interface LiveWait {
  slug: RouteSlug;
  /** The configured live status base URL followed by the slug (absolute). */
  statusUrl: string;
  loaded: ItemLoadedEvent;
}

/** The item's answers (see {@link FlowEvent}). */
export type ItemLoadedEvent = Extract<FlowEvent, { type: 'item-loaded' }>;

export type FlowEvent =
  /** A (new) session: from the address on load and on every hash change. */
  | { type: 'start'; session: PlaySession | null }
  /** The retry button. */
  | { type: 'retry' }
  /** Item metadata, its availability, the configuration and the capabilities, fetched in parallel. */
  | {
      type: 'item-loaded';
      metadata: ItemMetadata;
      availabilities: readonly Availability[];
      configuration: Configuration;
      capabilities: PlaybackCapabilities;
      /** The viewer's account for the age check (absent: not looked up, allowed). */
      viewer?: ViewerLookup;
      /** The title's classification minimum age, when known. */
      minimumAge?: number | undefined;
      /** Epoch ms (absent: the availability window is not checked). */
      now?: number;
      /** The device support check with the feature toggles' restrictions (absent: not checked). */
      device?: DeviceSupport;
      /** The played item's playlist, watched flags merged (absent or empty: no playlist). */
      playlist?: readonly PlaylistEntry[];
    }
  /** The player's `playing`: the playlist item's playback status becomes playing. */
  | { type: 'item-playing' }
  /** The player's `ended`: the playlist item is complete and watched; the next one plays, or the playlist ends. */
  | { type: 'item-ended' }
  /** The viewer leaves the page: every playlist action is destroyed; later player events change nothing. */
  | { type: 'page-left' }
  /** The viewer pressed "Skip" on a playlist item. */
  | { type: 'skip-requested' }
  /** A recheck of the device while the unsupported-browser screen shows (every 2 s, play-page §9). */
  | { type: 'device-support-changed'; support: DeviceSupport }
  /** The countdown's timer fired; `now` in epoch ms. */
  | { type: 'tick'; now: number }
  /** A live event's status as the countdown polled it (`null`: the call failed or said nothing); `now` in epoch ms. */
  | { type: 'live-status'; status: string | null; now: number }
  /**
   * A fresh play token from a new streams call (the player's live status answered 403,
   * LIVE_STREAM_EXPIRED, play-page §4): the session's play token becomes this one.
   */
  | { type: 'play-token-refreshed'; playToken: string }
  /** Whether the viewer has a PIN. */
  | { type: 'pin-exists'; exists: boolean }
  /** The viewer sent the PIN form. */
  | { type: 'pin-submitted'; pin: string }
  | { type: 'pin-verified' }
  | { type: 'pin-rejected'; code: 'incorrect_pin' | 'too_many_attempts'; attemptsRemaining?: number }
  /** "Play" on the watch-window notice. */
  | { type: 'watch-window-accepted' }
  /** The resume prompt's answer: resume, or start from the beginning. */
  | { type: 'resume-chosen'; resume: boolean }
  /** Availabilities of a season's episodes; `now` in epoch ms. */
  | { type: 'episode-availabilities-loaded'; availabilities: readonly Availability[]; now: number }
  /**
   * `now` in epoch ms (absent: resume and watch window are judged at time 0); `siblings`: the
   * availabilities of the episodes or bonuses around the item (absent: none asked, or the lookup failed).
   */
  | {
      type: 'streams-loaded';
      response: StreamsResponse;
      now?: number;
      siblings?: readonly Availability[];
      /** The viewer's library, for the rental watch window (absent: not known). */
      library?: readonly LibraryItem[];
    }
  /** A command failed. */
  | { type: 'failed'; error: unknown }
  /** The player raised a critical error. */
  /** `now`: epoch ms, to tell an expired rental's `drm_failed` (play-page §8). */
  | { type: 'playback-failed'; error: unknown; now?: number };

export type FlowCommand =
  | { type: 'load-item'; session: PlaySession; slug: RouteSlug }
  | { type: 'load-episode-availabilities'; session: PlaySession; slugs: string[] }
  /** `siblings`: the episodes or bonuses around the item, whose availabilities the navigation bar needs. */
  | { type: 'load-streams'; session: PlaySession; slug: string; siblings?: string[] }
  | { type: 'navigate'; target: NavigationTarget }
  /** Fire a `tick` after `ms`. */
  | { type: 'wait'; ms: number }
  /** After `ms`, `GET url` (a live event's status) and report `live-status` (a failure reports status `null`). */
  | { type: 'poll-live-status'; session: PlaySession; url: string; ms: number }
  | { type: 'check-pin-exists'; session: PlaySession }
  /** `slug`: the title the PIN unlocks (the storefront's streams call checks it, issue 25 item 2). */
  | { type: 'verify-pin'; session: PlaySession; pin: string; slug: string }
  /**
   * Go to the sign-in page `signInUrl` with `from` = the current page address without tokens; with
   * `clearAuth`, first clear the stored auth token and user and store that address as the redirect.
   */
  | { type: 'sign-in'; signInUrl: string; clearAuth: boolean }
  /** Recheck the device every 2 s while the unsupported-browser screen shows; report `device-support-changed`. */
  | { type: 'monitor-device'; session: PlaySession }
  /** Record a finished playlist item as watched (session and storage). */
  | { type: 'mark-watched'; item: PlaylistItem }
  /** A play telemetry event (play-page §7); the runner adds the tokens in a header only. */
  | { type: 'track'; event: PlayTelemetryEventName; slug: string; data?: Record<string, unknown> };

export interface Transition {
  state: FlowState;
  commands: FlowCommand[];
}

export const INITIAL_STATE: FlowState = { status: 'idle' };

const stay = (state: FlowState): Transition => ({ state, commands: [] });

function isRouteSlug(parsed: ParsedSlug | undefined): parsed is RouteSlug {
  return parsed !== undefined && (PLAY_ROUTE_TYPES as readonly string[]).includes(parsed.type);
}

function start(session: PlaySession | null): Transition {
  if (session === null) {
    const target: NavigationTarget = { kind: 'url', url: '/' };
    return { state: { status: 'redirecting', reason: 'no-session', target, session }, commands: [{ type: 'navigate', target }] };
  }
  if (!session.item || !session.itemToPlay) {
    return stay({ status: 'error', error: flowError('invalid_app.session_params'), session });
  }
  const slug = tryParseSlug(session.itemToPlay);
  if (!isRouteSlug(slug)) {
    return stay({ status: 'error', error: flowError('invalid_slug'), session, slug: session.itemToPlay });
  }
  return {
    state: { status: 'loading', phase: 'item', session, slug },
    commands: [{ type: 'load-item', session, slug }],
  };
}

function slugOf(state: FlowState): string | undefined {
  switch (state.status) {
    case 'loading':
    case 'pin':
      return state.slug.slug;
    case 'countdown':
    case 'unsupported':
      return state.slug;
    case 'playing':
    case 'resume-prompt':
      return state.playback.slug;
    default:
      return undefined;
  }
}

/** The configured sign-in page (`sign_in_url`), when it is a safe target; else the default. */
export function signInUrl(configuration: Configuration | undefined, env: FlowEnv): string {
  const configured = configuration?.['sign_in_url'];
  const fallback = new URL(DEFAULT_SIGN_IN_URL, env.origin).href;
  return typeof configured === 'string' ? (safeRedirectUrl(configured, env.origin, env.allowedOrigins) ?? fallback) : fallback;
}

/**
 * Where `missing_from_library` / `unavailable` send the viewer (play-page §2 `from`, §8): the
 * session's `from` when it is a safe target; `from` absent (`redirectUrl` left out): the configured
 * sign-in page; `from` empty (`null`) or unsafe: nowhere (`null`, the code is shown).
 */
export function redirectTarget(session: PlaySession, configuration: Configuration | undefined, env: FlowEnv): string | null {
  if (session.redirectUrl === undefined) return signInUrl(configuration, env);
  return safeRedirectUrl(session.redirectUrl, env.origin, env.allowedOrigins);
}

function fail(state: FlowState, error: unknown, env: FlowEnv): Transition {
  const session = 'session' in state ? state.session : null;
  const slug = slugOf(state);
  const flow = toFlowError(error);
  if (flow.code === 'request_aborted') return stay(state);
  // play-page §6: a 401 goes to sign-in; without a play token the stored auth token and user are
  // cleared first. `play_token_expired` (also a 401) is shown as `availability_expired` instead.
  if (flow.httpStatus === 401 && flow.code !== 'availability_expired') {
    const configuration = 'configuration' in state ? state.configuration : undefined;
    const signIn = signInUrl(configuration, env);
    const target: NavigationTarget = { kind: 'url', url: signIn };
    return {
      state: { status: 'redirecting', reason: 'sign-in', target, session },
      commands: [{ type: 'sign-in', signInUrl: signIn, clearAuth: !session?.playToken }],
    };
  }
  if (REDIRECT_CODES.includes(flow.code) && session) {
    const configuration = 'configuration' in state ? state.configuration : undefined;
    const safe = redirectTarget(session, configuration, env);
    if (safe) {
      const url = withQuery(safe, { prompt: `player_${flow.code}`, ...(slug ? { slug } : {}) });
      const target: NavigationTarget = { kind: 'url', url };
      return { state: { status: 'redirecting', reason: 'from', target, session }, commands: [{ type: 'navigate', target }] };
    }
  }
  return stay({ status: 'error', error: flow, session, ...(slug ? { slug } : {}) });
}

function contextOf(state: ItemContext): ItemContext {
  const { session, slug, metadata, description, configuration, capabilities, availability, device, playlist, playerTrack } = state;
  return {
    session,
    slug,
    metadata,
    description,
    configuration,
    capabilities,
    availability,
    ...(device ? { device } : {}),
    ...(playlist ? { playlist } : {}),
    ...(playerTrack ? { playerTrack } : {}),
  };
}

/** The configuration's native-app link (`app_url`), when it is a string. */
function appUrlOf(configuration: Configuration | undefined): string | undefined {
  const url = configuration?.['app_url'];
  return typeof url === 'string' && url !== '' ? url : undefined;
}

/**
 * play-page §4 step 5, after the age and PIN checks: an unsupported device shows the
 * unsupported-browser screen (and is rechecked every 2 s); otherwise the streams call. A "maybe"
 * device is allowed: the §9 matrix marks Linux "maybe" (may work, not tested), and blocking it would
 * shut out every Chromium on Linux.
 */
function afterChecks(ctx: ItemContext): Transition {
  // A DRM-only block (block_macos_widevine, block_mobile_drm) waits for the chosen stream: clear
  // content still plays (play-page §9; streamsLoaded).
  if (ctx.device?.supported === 'no' && !ctx.device.drmOnly) return deviceUnsupported({ ...ctx, device: ctx.device });
  return loadStreams(ctx);
}

/** The unsupported-browser screen for the device check, rechecked every 2 s (play-page §4 step 5, §9). */
function deviceUnsupported(ctx: ItemContext & { device: DeviceSupport }): Transition {
  const state: UnsupportedState = {
    status: 'unsupported',
    session: ctx.session,
    slug: ctx.slug.slug,
    cause: 'device',
    support: ctx.device,
    appUrl: appUrlOf(ctx.configuration),
    context: contextOf(ctx),
  };
  return { state, commands: [{ type: 'monitor-device', session: ctx.session }] };
}

/** The unsupported-device page for a stream or player verdict (play-page §8), no recheck. */
function unsupported(
  state: FlowState,
  cause: Exclude<UnsupportedCause, 'device'>,
  support: DeviceSupport | undefined,
  configuration: Configuration | undefined,
): Transition {
  const session = 'session' in state ? state.session : null;
  if (!session) return stay(state);
  return stay({
    status: 'unsupported',
    session,
    slug: slugOf(state) ?? session.itemToPlay ?? '',
    cause,
    ...(support ? { support } : {}),
    ...(appUrlOf(configuration) ? { appUrl: appUrlOf(configuration) } : {}),
  });
}

/**
 * After the availability, age and PIN checks, or on to the next playlist item: the streams call,
 * which starts the current playlist action (play-page §4 "Playlist and action lifecycle").
 */
function loadStreams(ctx: ItemContext): Transition {
  const siblings = siblingsOf(ctx.slug, ctx.metadata);
  const playlist = ctx.playlist ? startCurrent(ctx.playlist) : undefined;
  return {
    state: { ...contextOf(ctx), ...(playlist ? { playlist } : {}), status: 'loading', phase: 'streams' },
    commands: [{ type: 'load-streams', session: ctx.session, slug: playedSlug(ctx), ...(siblings.length > 1 ? { siblings: siblings.map((x) => x.slug) } : {}) }],
  };
}

/** The slug whose streams are played: the current playlist item's, else the route's. */
function playedSlug(ctx: ItemContext): string {
  return (ctx.playlist && currentAction(ctx.playlist)?.item.action.slug) ?? ctx.slug.slug;
}

type PlayingState = Extract<FlowState, { status: 'playing' }>;

/** The playing state with the playlist run replaced, and the player screen's view of it. */
function withPlaylist(state: PlayingState, ctx: ItemContext, run: PlaylistRun): PlayingState {
  const position = playlistPosition(run);
  return {
    ...state,
    context: { ...ctx, playlist: run },
    playback: { ...state.playback, ...(position ? { playlist: position } : {}) },
  };
}

/**
 * The player's `ended` or "Skip" on a playlist item (play-page §4): `ended` completes the item (it
 * becomes watched: a `mark-watched` command) and moves on, "Skip" moves on when the policy allows.
 * Moving on streams the next item, or ends the playlist (`playlist-finished` telemetry; the player
 * stays on the last item). Whatever the run refuses leaves the state as it is.
 */
function onPlaylistItem(state: PlayingState, how: 'ended' | 'skip'): Transition {
  const ctx = state.context;
  const run = ctx?.playlist;
  if (!ctx || !run) return stay(state);
  const commands: FlowCommand[] = [];
  let moved: PlaylistRun;
  if (how === 'ended') {
    const ended = markEnded(run);
    if (ended === run) return stay(state);
    commands.push({ type: 'mark-watched', item: currentAction(run)!.item });
    moved = nextItem(ended);
  } else {
    moved = skipItem(run);
    if (moved === run) return stay(state);
  }
  if (!moved.finished) {
    const next = loadStreams({ ...ctx, playlist: moved });
    return { state: next.state, commands: [...commands, ...next.commands] };
  }
  return {
    state: withPlaylist(state, ctx, moved),
    commands: [...commands, { type: 'track', event: 'playlist-finished', slug: ctx.slug.slug }],
  };
}

/** A change of the playlist run that needs no command (`playing`, leaving the page); refused: no change. */
function updatePlaylist(state: FlowState, update: (run: PlaylistRun) => PlaylistRun): Transition {
  if (state.status !== 'playing' || !state.context?.playlist) return stay(state);
  const run = update(state.context.playlist);
  return run === state.context.playlist ? stay(state) : stay(withPlaylist(state, state.context, run));
}

/**
 * A countdown state at `now`, with the wait for its next tick (and `commands`). At the end the flow
 * starts again, except for a live event, which waits for its polled status instead.
 */
function countdown(state: Extract<FlowState, { status: 'countdown' }>, now: number, commands: FlowCommand[] = []): Transition {
  const next = { ...state, now };
  if (state.availableAt === undefined || now >= state.availableAt) {
    return state.live ? { state: next, commands } : start(state.session);
  }
  return { state: next, commands: [...commands, { type: 'wait', ms: Math.min(COUNTDOWN_TICK_MS, state.availableAt - now) }] };
}

/** Streams answered: watch window notice, resume prompt or the player. */
function streamsLoaded(
  state: ItemContext,
  response: StreamsResponse,
  now: number,
  env: FlowEnv,
  siblingAvailabilities?: readonly Availability[],
  library?: readonly LibraryItem[],
): Transition {
  if (response.streams.length === 0) return fail({ ...state, status: 'loading', phase: 'streams' }, flowErrorAsThrown('streams_are_empty'), env);
  const config = buildPlayerConfig(env.origin, state.session, response.default_subtitle_language, state.device?.fullscreenAllowed, {
    configuration: state.configuration,
    allowedOrigins: env.allowedOrigins,
    restrictions: state.device?.restrictions,
  });
  // [cast] casting and AirPlay switches, app id, manage-devices page (play-page §2, §9; cast-config.ts)
  Object.assign(config, castPlayerConfig(env.origin, state.session, state.configuration, env.allowedOrigins, { castToggle: state.device?.castToggle }));
  // player-and-client §9 staged rollout (rollout.ts)
  if (state.playerTrack === 'new') config.playerTrack = 'new';
  const chosen = chooseStream(response.streams, state.capabilities, configuredKeySystems(config));
  if (!chosen) return unsupported({ ...state, status: 'loading', phase: 'streams' }, 'content_not_supported', state.device, state.configuration);
  // play-page §9: a DRM-only restriction blocks DRM streams only.
  if (state.device && supportForStream(state.device, chosen.drms.length > 0).supported === 'no') return deviceUnsupported({ ...state, device: state.device });
  const playToken = response.play_token ?? state.session.playToken;
  const action = state.playlist ? currentAction(state.playlist) : undefined;
  const slug = playedSlug(state);
  // Another item of the playlist (an ad): its own slug and title; `t` and resume belong to the route's item.
  const other = slug !== state.slug.slug;
  const title = other ? action?.item.title || state.description.title : state.description.title;
  const content = buildContent({
    slug,
    title,
    thumb: state.description.thumb,
    chosen,
    authToken: state.session.authToken,
    playToken,
    adTag: response.ad_tag,
    adItem: action ? isAdItem(action.item) : false,
    chapters: response.chapters,
  });
  const plan: ResumePlan = other
    ? { kind: 'start' }
    : planResume({
        configuration: state.configuration,
        progress: response.playback_progress,
        startTime: state.session.startTime,
        now,
      });
  const playlist: PlaylistPosition | undefined = state.playlist ? playlistPosition(state.playlist) : undefined;
  const libraryEntry = libraryEntryFor(library, slug, other ? undefined : state.session.item);
  const window = watchWindow({ response, availability: state.availability, libraryEntry, now });
  const rentalEndsAt = rentalEndOf(libraryEntry, window);
  const siblings = siblingsOf(state.slug, state.metadata);
  const related = state.slug.type === 'film' ? undefined : relatedItems(state.slug.slug, siblings, siblingAvailabilities, now);
  const playback: Playback = {
    slug,
    content,
    config,
    ...(rentalEndsAt !== undefined ? { rentalEndsAt } : {}),
    ...(plan.kind === 'start' && plan.at !== undefined ? { startTime: plan.at } : {}),
    autoplay: other ? true : state.session.autoplay,
    title,
    ...(!other && state.description.subtitle ? { subtitle: state.description.subtitle } : {}),
    ...(state.description.poster ? { poster: state.description.poster } : {}),
    kind: chosen.kind,
    showNavbar: state.session.showNavbar,
    nav: navLinks(state.slug.slug, siblings, siblingAvailabilities, now),
    ...(related ? { related } : {}),
    castEnabled: state.session.castEnabled,
    airplayEnabled: state.session.airplayEnabled,
    ...(playlist ? { playlist } : {}),
  };
  const context = { context: contextOf(state) };
  const next: ResumeOrPlay =
    plan.kind === 'prompt'
      ? { status: 'resume-prompt', session: state.session, playback, position: plan.position, ...context }
      : { status: 'playing', session: state.session, playback, ...context };
  if (window) {
    return stay({ status: 'watch-window', session: state.session, title: state.description.title, minutes: window.minutes, endsAt: window.endsAt, next });
  }
  return stay(next);
}

function step(state: FlowState, event: FlowEvent, env: FlowEnv): Transition {
  switch (event.type) {
    case 'start':
      return start(event.session);

    case 'retry':
      return state.status === 'error' ? start(state.session) : stay(state);

    case 'item-loaded': {
      if (state.status !== 'loading' || state.phase !== 'item') return stay(state);
      let description: ItemDescription;
      try {
        description = describeItem(state.slug, event.metadata, event.configuration, env.locale);
      } catch (error) {
        return fail(state, error, env);
      }
      const availability = event.availabilities.find((a) => a.slug === state.slug.slug);
      const ctx: ItemContext = {
        session: state.session,
        slug: state.slug,
        metadata: event.metadata,
        description,
        configuration: event.configuration,
        capabilities: event.capabilities,
        availability,
        ...(event.device ? { device: event.device } : {}),
        ...(event.playlist && event.playlist.length > 0 ? { playlist: createPlaylistRun(event.playlist) } : {}),
        // player-and-client §9: 25 % of the 'experiment' group get the new player, by user id.
        ...(event.viewer?.kind === 'found' ? { playerTrack: playerTrack(event.viewer.userId, event.viewer.groups) } : {}),
      };
      if (state.slug.type === 'tv-season') {
        const episodes = event.metadata.kind === 'season' ? (event.metadata.season.episodes ?? []) : [];
        if (episodes.length === 0) return fail(state, flowErrorAsThrown('unavailable'), env);
        const slugs = episodes.map((e) => e.slug);
        return {
          state: { ...ctx, status: 'loading', phase: 'episodes' },
          commands: [{ type: 'load-episode-availabilities', session: state.session, slugs }],
        };
      }
      if (event.now !== undefined) {
        // play-page §4 steps 2–3: expired → the reason; coming soon → a countdown.
        if (isExpired(availability, event.now)) return fail(state, flowErrorAsThrown('availability_expired'), env);
        // play-page §4 "Live events": a finished event ends here; one not live yet waits on the countdown.
        const live = liveStatusOf(availability);
        if (isLiveFinished(live)) return fail(state, flowErrorAsThrown('live_event_completed'), env);
        const waitLive = live !== undefined && live !== 'live';
        if (isComingSoon(availability, event.now) || waitLive) {
          const at = isComingSoon(availability, event.now) ? availableAt(availability, event.now) : undefined;
          const statusUrl = `${sessionServicesConfig(env.origin, event.configuration, env.allowedOrigins).live!.statusBaseUrl}${state.slug.slug}`;
          const wait: LiveWait | undefined = waitLive ? { slug: state.slug, statusUrl, loaded: event } : undefined;
          return countdown(
            {
              status: 'countdown',
              session: state.session,
              slug: state.slug.slug,
              title: description.title,
              ...(at !== undefined ? { availableAt: at } : {}),
              now: event.now,
              ...(wait ? { live: wait } : {}),
            },
            event.now,
            // The availability may be up to 30 s old (the client's cache): the first look is at once.
            wait ? [{ type: 'poll-live-status', session: state.session, url: wait.statusUrl, ms: 0 }] : [],
          );
        }
        // play-page §5 "Age check".
        const verdict = checkAge({
          configuration: event.configuration,
          classificationMinimumAge: event.minimumAge,
          viewer: event.viewer,
          now: event.now,
        });
        if (verdict !== 'allowed') return fail(state, flowErrorAsThrown(verdict), env);
      }
      // play-page §4 step 4: PIN.
      if (availability?.requires_pin_code === true) {
        return {
          state: { ...ctx, status: 'loading', phase: 'pin-check' },
          commands: [{ type: 'check-pin-exists', session: state.session }],
        };
      }
      return afterChecks(ctx);
    }

    case 'tick':
      return state.status === 'countdown' ? countdown(state, event.now) : stay(state);

    case 'live-status': {
      if (state.status !== 'countdown' || !state.live) return stay(state);
      const { slug, loaded, statusUrl } = state.live;
      if (event.status === 'live') {
        // Live now: on with the item's answers, the event's availability marked live. The status is
        // fresher than the availability read at load (play-page §4 "polls every 5 s until the event
        // is live"): an event live before its scheduled `from` (started early, or moved earlier
        // after the page loaded) plays now instead of going back to a countdown to the old time.
        const availabilities = loaded.availabilities.map((a) =>
          a.slug === slug.slug
            ? { ...a, from: null, ms_from: null, live: { ...(typeof a.live === 'object' && a.live ? a.live : {}), status: 'live' } }
            : a,
        );
        return step({ status: 'loading', phase: 'item', session: state.session, slug }, { ...loaded, availabilities, now: event.now }, env);
      }
      if (isLiveFinished(event.status)) return fail(state, flowErrorAsThrown('live_event_completed'), env);
      return { state, commands: [{ type: 'poll-live-status', session: state.session, url: statusUrl, ms: LIVE_COUNTDOWN_POLL_MS }] };
    }

    case 'play-token-refreshed': {
      // Only a session that plays with a play token keeps one; an auth-token session keeps its auth token.
      if (state.status !== 'playing' || !state.session.playToken || !event.playToken.trim()) return stay(state);
      const session = { ...state.session, playToken: event.playToken.trim() };
      return stay({ ...state, session, ...(state.context ? { context: { ...state.context, session } } : {}) });
    }

    case 'pin-exists': {
      if (state.status !== 'loading' || state.phase !== 'pin-check') return stay(state);
      // A viewer without a PIN has nothing to enter.
      if (!event.exists) return afterChecks(state);
      return stay({ ...contextOf(state), status: 'pin', attemptsLeft: PIN_MAX_ATTEMPTS, submitting: false, lockedOut: false });
    }

    case 'pin-submitted': {
      if (state.status !== 'pin' || state.submitting || state.lockedOut) return stay(state);
      const pin = event.pin.trim();
      const { error: _dropped, invalid: _invalid, ...rest } = state;
      if (!isWellFormedPin(pin)) {
        // play-page §5 "An empty PIN fails": a validation of the form, without a call and without
        // using an attempt; not the server's incorrect_pin.
        return stay({ ...rest, invalid: pin === '' ? 'empty' : 'format' });
      }
      return { state: { ...rest, submitting: true }, commands: [{ type: 'verify-pin', session: state.session, pin, slug: state.slug.slug }] };
    }

    case 'pin-verified':
      return state.status === 'pin' && state.submitting ? afterChecks(state) : stay(state);

    case 'device-support-changed': {
      if (state.status !== 'unsupported' || state.cause !== 'device' || !state.context) return stay(state);
      // Supported now (or "maybe"): go on to the streams call; still unsupported: show the new verdict.
      if (event.support.supported !== 'no') return loadStreams({ ...state.context, device: event.support });
      return stay({ ...state, support: event.support, context: { ...state.context, device: event.support } });
    }

    case 'pin-rejected': {
      if (state.status !== 'pin' || !state.submitting) return stay(state);
      const attemptsLeft = Math.max(0, Math.min(state.attemptsLeft - 1, event.attemptsRemaining ?? PIN_MAX_ATTEMPTS));
      if (event.code === 'too_many_attempts' || attemptsLeft === 0) {
        return stay({ ...state, submitting: false, lockedOut: true, attemptsLeft: 0, error: pinError('too_many_attempts', 0) });
      }
      return stay({ ...state, submitting: false, attemptsLeft, error: pinError('incorrect_pin', attemptsLeft) });
    }

    case 'watch-window-accepted':
      return state.status === 'watch-window' ? stay(state.next) : stay(state);

    case 'resume-chosen': {
      if (state.status !== 'resume-prompt') return stay(state);
      const { startTime: _ignored, ...playback } = state.playback;
      return stay({
        status: 'playing',
        session: state.session,
        playback: event.resume ? { ...playback, startTime: state.position } : playback,
        ...(state.context ? { context: state.context } : {}),
      });
    }

    case 'episode-availabilities-loaded': {
      if (state.status !== 'loading' || state.phase !== 'episodes' || state.metadata.kind !== 'season') return stay(state);
      const bySlug = new Map(event.availabilities.map((a) => [a.slug, a]));
      const episodes = [...(state.metadata.season.episodes ?? [])].sort((a, b) => a.episode_number - b.episode_number);
      const first = episodes.find((e) => !isComingSoon(bySlug.get(e.slug), event.now) && !isExpired(bySlug.get(e.slug), event.now));
      if (!first) return fail(state, flowErrorAsThrown('unavailable'), env);
      const target: NavigationTarget = { kind: 'route', slug: first.slug, title: first.title };
      return {
        state: { status: 'redirecting', reason: 'first-episode', target, session: state.session },
        commands: [{ type: 'navigate', target }],
      };
    }

    case 'streams-loaded':
      if (state.status !== 'loading' || state.phase !== 'streams') return stay(state);
      return streamsLoaded(state, event.response, event.now ?? 0, env, event.siblings, event.library);

    case 'failed':
      if (state.status === 'loading' || (state.status === 'pin' && state.submitting)) return fail(state, event.error, env);
      return stay(state);

    case 'playback-failed': {
      if (state.status !== 'playing') return stay(state);
      return withCommands(playbackFailed(state, event.error, env, event.now), [
        { type: 'track', event: 'player-error', slug: state.playback.slug, data: errorTelemetryData(event.error) },
      ]);
    }

    case 'item-playing':
      return updatePlaylist(state, markPlaying);

    case 'item-ended':
      return state.status === 'playing' ? onPlaylistItem(state, 'ended') : stay(state);

    case 'skip-requested':
      return state.status === 'playing' ? onPlaylistItem(state, 'skip') : stay(state);

    case 'page-left':
      return updatePlaylist(state, destroyRun);
  }
}

function withCommands(t: Transition, commands: FlowCommand[]): Transition {
  return { state: t.state, commands: [...commands, ...t.commands] };
}

/**
 * The machine. Pure: same input, same output; events that do not fit the state are ignored.
 * Entering the player (a new item) queues the `player-opened` telemetry event (play-page §7).
 *
 * @param state The current state.
 * @param event What happened.
 * @param env The page origin and redirect allow-list.
 * @returns The next state and the commands to run.
 */
export function transition(state: FlowState, event: FlowEvent, env: FlowEnv): Transition {
  const t = step(state, event, env);
  // Showing the player finishes the current playlist action's start (play-page §4: starting → started).
  const next = t.state.status === 'playing' ? updatePlaylist(t.state, markStarted).state : t.state;
  if (next.status === 'playing' && (state.status !== 'playing' || state.playback.slug !== next.playback.slug)) {
    return { state: next, commands: [...t.commands, { type: 'track', event: 'player-opened', slug: next.playback.slug }] };
  }
  return next === t.state ? t : { state: next, commands: t.commands };
}

/** A critical player error while playing. */
function playbackFailed(state: Extract<FlowState, { status: 'playing' }>, error: unknown, env: FlowEnv, now?: number): Transition {
  // play-page §8: these two lead to the unsupported-device page; so does the player's verdict that
  // the restriction toggles allow none of the sources here (player-and-client §8 invalid_source_for_device).
  if (
    isS72Error(error) &&
    (error.code === 'drm_version_not_supported' || error.code === 'content_not_supported' || error.code === 'invalid_source_for_device')
  ) {
    return unsupported(state, error.code, state.context?.device, state.context?.configuration);
  }
  // play-page §8: content_expired without a play token is an expired rental.
  if (isS72Error(error) && error.code === 'content_expired' && !state.playback.content.playToken) {
    return fail(state, new S72Error('rental_expired', 'The rental has expired', { category: 'client', cause: error }), env);
  }
  // play-page §8: drm_failed once the rental has ended is an expired rental too.
  const { rentalEndsAt } = state.playback;
  if (isS72Error(error) && error.code === 'drm_failed' && now !== undefined && rentalEndsAt !== undefined && now >= rentalEndsAt) {
    return fail(state, new S72Error('rental_expired', 'The rental has expired', { category: 'client', cause: error }), env);
  }
  return fail(state, error, env);
}

/** The PIN form's error: `incorrect_pin` (with the attempts left) or `too_many_attempts`. */
function pinError(code: 'incorrect_pin' | 'too_many_attempts', attemptsLeft: number): FlowError {
  const base = flowError(code);
  if (code === 'too_many_attempts') return base;
  // The texts come from the string table (flow-errors.ts `withMessage`; shown in the page's language).
  return withMessage(base, 'pin.incorrect', { count: attemptsLeft });
}

type PageErrorCode =
  | 'unavailable'
  | 'streams_are_empty'
  | 'content_not_supported'
  | 'availability_expired'
  | 'age_restricted'
  | 'missing_dob'
  | 'live_event_completed';

/** An error raised by the play page itself (play-page §5, §8). */
function flowErrorAsThrown(code: PageErrorCode): S72Error {
  const messages: Record<PageErrorCode, string> = {
    unavailable: 'No episode of this season is available',
    streams_are_empty: 'The streams list is empty',
    content_not_supported: 'No stream can be played in this browser',
    availability_expired: 'This title is no longer available',
    age_restricted: 'The viewer is under the minimum age',
    missing_dob: 'The account has no date of birth',
    live_event_completed: 'This live event has finished',
  };
  return new S72Error(code, messages[code], { category: code === 'content_not_supported' ? 'playback' : 'client' });
}

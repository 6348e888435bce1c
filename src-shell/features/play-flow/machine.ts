/**
 * The play flow as a pure state machine (play-page §4 "Play page flow", happy path and its error
 * states; STYLE.md §7 item 15). `transition(state, event, env)` returns the next state and the
 * commands to run; it performs no I/O. play-flow.ts runs the commands and feeds their results back
 * as events; React only renders the state.
 *
 * ```
 * idle ──start──▶ loading(item) ──item-loaded──▶ loading(streams) ──streams-loaded──▶ playing
 *   │                 │  season route: ──▶ loading(episodes) ──▶ redirecting(first available episode)
 *   │                 └──failed──▶ error ──retry──▶ loading(item)
 *   └─ no session ──▶ redirecting(home)          missing_from_library/unavailable + from ──▶ redirecting(from)
 * ```
 *
 * Later issues add: expired / coming-soon countdown, PIN, age check, device support, resume prompt.
 */
import type { Availability, Configuration, StreamsResponse } from '../../../src-element/core/client/schemas.js';
import { tryParseSlug, type ParsedSlug } from '../../../src-element/core/client/slugs.js';
import { S72Error } from '../../../src-element/core/errors.js';
import type { S72Content, S72PlayerConfig } from '../../../src-element/core/types.js';
import { PLAY_ROUTE_TYPES } from '../../config/paths.js';
import { safeRedirectUrl, withQuery } from '../../lib/safe-url.js';
import type { PlaySession } from '../../types/play-session.js';
import { buildContent, buildPlayerConfig } from './build-content.js';
import { chooseStream, configuredKeySystems, type PlaybackCapabilities, type StreamKind } from './choose-stream.js';
import { describeItem, type ItemDescription, type ItemMetadata } from './describe-item.js';
import { flowError, toFlowError, type FlowError } from './flow-errors.js';

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
}

/** Where the page goes next. */
export type NavigationTarget =
  | { kind: 'url'; url: string }
  /** Another play route on this page (the non-token query is kept by the runner). */
  | { kind: 'route'; slug: string; title?: string };

export type RedirectReason = 'no-session' | 'first-episode' | 'from';

interface LoadingBase {
  status: 'loading';
  session: PlaySession;
  slug: RouteSlug;
}

export type FlowState =
  | { status: 'idle' }
  | (LoadingBase & { phase: 'item' })
  | (LoadingBase & {
      phase: 'episodes' | 'streams';
      metadata: ItemMetadata;
      description: ItemDescription;
      configuration: Configuration;
      capabilities: PlaybackCapabilities;
      availability: Availability | undefined;
    })
  | { status: 'redirecting'; reason: RedirectReason; target: NavigationTarget; session: PlaySession | null }
  | { status: 'error'; error: FlowError; session: PlaySession | null; slug?: string }
  | { status: 'playing'; session: PlaySession; playback: Playback };

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
    }
  /** Availabilities of a season's episodes; `now` in epoch ms. */
  | { type: 'episode-availabilities-loaded'; availabilities: readonly Availability[]; now: number }
  | { type: 'streams-loaded'; response: StreamsResponse }
  /** A command failed. */
  | { type: 'failed'; error: unknown }
  /** The player raised a critical error. */
  | { type: 'playback-failed'; error: unknown };

export type FlowCommand =
  | { type: 'load-item'; session: PlaySession; slug: RouteSlug }
  | { type: 'load-episode-availabilities'; session: PlaySession; slugs: string[] }
  | { type: 'load-streams'; session: PlaySession; slug: string }
  | { type: 'navigate'; target: NavigationTarget };

export interface Transition {
  state: FlowState;
  commands: FlowCommand[];
}

export const INITIAL_STATE: FlowState = { status: 'idle' };

const stay = (state: FlowState): Transition => ({ state, commands: [] });

function isRouteSlug(parsed: ParsedSlug | undefined): parsed is RouteSlug {
  return parsed !== undefined && (PLAY_ROUTE_TYPES as readonly string[]).includes(parsed.type);
}

/** Coming soon: `from` is in the future (play-page §3 "Availability"). `now` in epoch ms. */
export function isComingSoon(availability: Availability | undefined, now: number): boolean {
  const from = availability?.from ? Date.parse(availability.from) : NaN;
  return Number.isFinite(from) && from > now;
}

/** Expired: `to` is in the past. `now` in epoch ms. */
export function isExpired(availability: Availability | undefined, now: number): boolean {
  const to = availability?.to ? Date.parse(availability.to) : NaN;
  return Number.isFinite(to) && to <= now;
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

function fail(state: FlowState, error: unknown, env: FlowEnv): Transition {
  const session = 'session' in state ? state.session : null;
  const slug =
    state.status === 'loading' ? state.slug.slug : state.status === 'playing' ? state.playback.slug : undefined;
  const flow = toFlowError(error);
  if (flow.code === 'request_aborted') return stay(state);
  if (REDIRECT_CODES.includes(flow.code) && session?.redirectUrl) {
    const safe = safeRedirectUrl(session.redirectUrl, env.origin, env.allowedOrigins);
    if (safe) {
      const url = withQuery(safe, { prompt: `player_${flow.code}`, ...(slug ? { slug } : {}) });
      const target: NavigationTarget = { kind: 'url', url };
      return { state: { status: 'redirecting', reason: 'from', target, session }, commands: [{ type: 'navigate', target }] };
    }
  }
  return stay({ status: 'error', error: flow, session, ...(slug ? { slug } : {}) });
}

/**
 * The machine. Pure: same input, same output; events that do not fit the state are ignored.
 *
 * @param state The current state.
 * @param event What happened.
 * @param env The page origin and redirect allow-list.
 * @returns The next state and the commands to run (at most one I/O command).
 */
export function transition(state: FlowState, event: FlowEvent, env: FlowEnv): Transition {
  switch (event.type) {
    case 'start':
      return start(event.session);

    case 'retry':
      return state.status === 'error' ? start(state.session) : stay(state);

    case 'item-loaded': {
      if (state.status !== 'loading' || state.phase !== 'item') return stay(state);
      let description: ItemDescription;
      try {
        description = describeItem(state.slug, event.metadata, event.configuration);
      } catch (error) {
        return fail(state, error, env);
      }
      const availability = event.availabilities.find((a) => a.slug === state.slug.slug);
      const common = {
        status: 'loading' as const,
        session: state.session,
        slug: state.slug,
        metadata: event.metadata,
        description,
        configuration: event.configuration,
        capabilities: event.capabilities,
        availability,
      };
      if (state.slug.type === 'tv-season') {
        const episodes = event.metadata.kind === 'season' ? (event.metadata.season.episodes ?? []) : [];
        if (episodes.length === 0) return fail(state, flowErrorAsThrown('unavailable'), env);
        const slugs = episodes.map((e) => e.slug);
        return {
          state: { ...common, phase: 'episodes' },
          commands: [{ type: 'load-episode-availabilities', session: state.session, slugs }],
        };
      }
      return {
        state: { ...common, phase: 'streams' },
        commands: [{ type: 'load-streams', session: state.session, slug: state.slug.slug }],
      };
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

    case 'streams-loaded': {
      if (state.status !== 'loading' || state.phase !== 'streams') return stay(state);
      const { response } = event;
      if (response.streams.length === 0) return fail(state, flowErrorAsThrown('streams_are_empty'), env);
      const config = buildPlayerConfig(env.origin, state.session);
      const chosen = chooseStream(response.streams, state.capabilities, configuredKeySystems(config));
      if (!chosen) return fail(state, flowErrorAsThrown('content_not_supported'), env);
      const playToken = response.play_token ?? state.session.playToken;
      const content = buildContent({
        slug: state.slug.slug,
        title: state.description.title,
        thumb: state.description.thumb,
        chosen,
        authToken: state.session.authToken,
        playToken,
      });
      const playback: Playback = {
        slug: state.slug.slug,
        content,
        config,
        ...(state.session.startTime !== undefined ? { startTime: state.session.startTime } : {}),
        autoplay: state.session.autoplay,
        title: state.description.title,
        ...(state.description.subtitle ? { subtitle: state.description.subtitle } : {}),
        ...(state.description.poster ? { poster: state.description.poster } : {}),
        kind: chosen.kind,
        showNavbar: state.session.showNavbar,
      };
      return stay({ status: 'playing', session: state.session, playback });
    }

    case 'failed':
      if (state.status !== 'loading') return stay(state);
      return fail(state, event.error, env);

    case 'playback-failed':
      if (state.status !== 'playing') return stay(state);
      return fail(state, event.error, env);
  }
}

/** An error raised by the play page itself (play-page §5, §8). */
function flowErrorAsThrown(code: 'unavailable' | 'streams_are_empty' | 'content_not_supported'): S72Error {
  const messages = {
    unavailable: 'No episode of this season is available',
    streams_are_empty: 'The streams list is empty',
    content_not_supported: 'No stream can be played in this browser',
  } as const;
  return new S72Error(code, messages[code], { category: code === 'content_not_supported' ? 'playback' : 'client' });
}

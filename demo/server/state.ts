/**
 * In-memory state of the demo storefront: what viewers own and have watched, PIN attempts, live
 * status, the server clock, and the test-control rules (latency, faults) and recordings.
 * `reset()` restores everything from the catalogue (issued play tokens survive a reset).
 */
import { randomBytes, createHmac } from 'node:crypto';
import {
  buildIndex,
  resolveTime,
  type Catalogue,
  type CatalogueViewer,
  type ItemNode,
  type LiveStatus,
} from './catalogue.js';

export interface LibraryEntryState {
  item: string;
  quality: string;
  available_from: number | null;
  expiry: number | null;
  plan_id: string | null;
  rental_playback_duration_minutes: number | null;
  playback_start: number | null;
  playback_end: number | null;
}

export interface ProgressState {
  item: string;
  play_position: number;
  length: number;
  completed: boolean;
  last_played_at: number;
}

export interface LiveState {
  status: LiveStatus;
  started_at: number | null;
  completed_at: number | null;
  /**
   * Planned start and end (epoch ms; end null = open): while set, status, started_at and completed_at
   * are computed from the demo clock on every read ({@link DemoState.liveStatus}). Set by the
   * catalogue's `live.schedule` and `POST /__demo/live-schedule`; `POST /__demo/live-status` clears it.
   */
  schedule: { start: number; end: number | null } | null;
}

/**
 * A stream session (play-page §7 heartbeat): a play token that sent a heartbeat recently. It ends
 * when its heartbeats stop for the session TTL, or at once with a heartbeat `{"state": "stopped"}`.
 */
export interface StreamSession {
  userId: number;
  slug: string;
  /** Epoch ms of its last accepted heartbeat. */
  lastBeatMs: number;
}

export interface RecordedRequest {
  id: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  /** Lower-case header names, tokens included (the control API redacts them unless asked). */
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, the raw text when it is not JSON, or null. */
  body: unknown;
  /** ISO time the request arrived (server clock, including the demo clock offset). */
  at: string;
  /** Response status, once answered. */
  status?: number;
}

export interface FaultRule {
  path: string;
  status: number;
  body: unknown;
  /** Remaining matching requests; null = until reset. */
  remaining: number | null;
  method: string | null;
  /** Extra response headers, e.g. `{ 'retry-after': '2' }`. */
  headers?: Record<string, string>;
  /** Share of matching requests to fault, 0..1 (the soak's "30 % failing"); absent: every one. */
  probability?: number;
}

export interface LatencyRule {
  path: string;
  ms: number;
  method: string | null;
}

export interface PlayTokenInfo {
  token: string;
  sessionId: string;
  userId: number;
  slug: string;
  /** Epoch seconds. */
  exp: number;
}

export interface AvailabilityOverride {
  from?: number | null;
  to?: number | null;
}

/** Matches `pattern` (an exact path, or a prefix ending with `*`) against a request path. */
export function matchPath(pattern: string, path: string): boolean {
  // A play session's media path (forensic.ts) also matches as the media path it serves.
  const media = path.replace(/^\/media\/s\/[0-9a-f]{32}\//, '/media/');
  const matches = (p: string): boolean => (pattern.endsWith('*') ? p.startsWith(pattern.slice(0, -1)) : p === pattern);
  return matches(path) || (media !== path && matches(media));
}

const MAX_RECORDINGS = 10_000;
/**
 * Most bytes the recordings hold (each counted as its JSON: headers, query, body); beyond it the
 * oldest go first, so a flood of posts (the log service takes them without a token) cannot grow
 * the storefront's memory without bound.
 */
export const MAX_RECORDED_BYTES = 16 * 1024 * 1024;

const recordedSize = (entry: RecordedRequest): number => Buffer.byteLength(JSON.stringify(entry));
const PLAY_TOKEN_LIFETIME_S = 6 * 3600;

function b64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

export class DemoState {
  readonly index: Map<string, ItemNode>;
  private readonly viewersByToken = new Map<string, CatalogueViewer>();
  private readonly viewersById = new Map<number, CatalogueViewer>();
  private readonly secret = randomBytes(32);
  /** Issued play tokens (kept across resets). */
  readonly playTokens = new Map<string, PlayTokenInfo>();

  anchorMs = 0;
  clockOffsetMs = 0;
  library = new Map<number, LibraryEntryState[]>();
  progress = new Map<number, ProgressState[]>();
  userPlans = new Map<number, { plan_id: string; expiry: number | null }[]>();
  pinFailures = new Map<number, number>();
  /**
   * Successful PIN verifications (epoch ms) by viewer, then by the slug the verification was for
   * (the streams call of a PIN-protected title needs a recent one; cleared by reset).
   */
  pinVerifications = new Map<number, Map<string, number>>();
  live = new Map<string, LiveState>();
  /** Stream sessions by play token (heartbeat concurrent-stream limit); cleared by reset. */
  streamSessions = new Map<string, StreamSession>();
  availabilityOverrides = new Map<string, AvailabilityOverride>();
  recordings: RecordedRequest[] = [];
  /** Bytes the recordings hold (see {@link MAX_RECORDED_BYTES}). */
  recordedBytes = 0;
  private recordedSizes = new WeakMap<RecordedRequest, number>();
  faults: FaultRule[] = [];
  latencies: LatencyRule[] = [];

  constructor(
    readonly catalogue: Catalogue,
    private readonly baseNow: () => number,
  ) {
    this.index = buildIndex(catalogue);
    for (const viewer of catalogue.viewers) {
      this.viewersByToken.set(viewer.token, viewer);
      this.viewersById.set(viewer.user_id, viewer);
    }
    this.reset();
  }

  /** Server time in epoch ms (the injected clock plus the demo clock offset). */
  now(): number {
    return this.baseNow() + this.clockOffsetMs;
  }

  reset(): void {
    this.clockOffsetMs = 0;
    const anchor = this.baseNow();
    this.anchorMs = anchor;
    this.library = new Map();
    this.progress = new Map();
    this.userPlans = new Map();
    for (const viewer of this.catalogue.viewers) {
      this.library.set(
        viewer.user_id,
        viewer.library.map((e) => ({
          item: e.item,
          quality: e.quality ?? 'HD',
          available_from: resolveTime(e.available_from, anchor),
          expiry: resolveTime(e.expiry, anchor),
          plan_id: e.plan_id ?? null,
          rental_playback_duration_minutes: e.rental_playback_duration_minutes ?? null,
          playback_start: resolveTime(e.playback_start, anchor),
          playback_end: resolveTime(e.playback_end, anchor),
        })),
      );
      this.progress.set(
        viewer.user_id,
        viewer.progress.map((p) => ({
          item: p.item,
          play_position: p.play_position,
          length: p.length,
          completed: p.completed,
          last_played_at: resolveTime(p.last_played_at, anchor) ?? anchor,
        })),
      );
      this.userPlans.set(
        viewer.user_id,
        viewer.plans.map((p) => ({ plan_id: p.plan_id, expiry: resolveTime(p.expiry, anchor) })),
      );
    }
    this.pinFailures = new Map();
    this.pinVerifications = new Map();
    this.live = new Map();
    for (const node of this.index.values()) {
      if (!node.live) continue;
      const start = resolveTime(node.liveSchedule?.start, anchor);
      const schedule = start === null ? null : { start, end: resolveTime(node.liveSchedule?.end, anchor) };
      this.live.set(node.slug, { status: node.live, started_at: null, completed_at: null, schedule });
    }
    this.streamSessions = new Map();
    this.availabilityOverrides = new Map();
    this.recordings = [];
    this.recordedBytes = 0;
    this.recordedSizes = new WeakMap();
    this.faults = [];
    this.latencies = [];
  }

  viewerByToken(token: string): CatalogueViewer | undefined {
    return this.viewersByToken.get(token);
  }

  viewerById(userId: number): CatalogueViewer | undefined {
    return this.viewersById.get(userId);
  }

  /**
   * Live status of a slug at the demo clock's now: a scheduled event moves planned → live (at its
   * start) → completed (at its end) by itself. A copy; undefined when the slug is not a live event.
   */
  liveStatus(slug: string): LiveState | undefined {
    const live = this.live.get(slug);
    if (!live) return undefined;
    const schedule = live.schedule;
    if (!schedule) return { ...live };
    const now = this.now();
    if (now < schedule.start) return { status: 'planned', started_at: null, completed_at: null, schedule };
    if (schedule.end !== null && now >= schedule.end) {
      return { status: 'completed', started_at: schedule.start, completed_at: schedule.end, schedule };
    }
    return { status: 'live', started_at: schedule.start, completed_at: null, schedule };
  }

  /**
   * Effective availability window of a slug (epoch ms): control overrides first, then a live
   * event's schedule (`from` = its start, so a planned event shows the coming-soon countdown),
   * then the catalogue.
   */
  window(node: ItemNode): { from: number | null; to: number | null } {
    const override = this.availabilityOverrides.get(node.slug);
    const scheduledStart = this.live.get(node.slug)?.schedule?.start;
    const from =
      override && 'from' in override
        ? (override.from ?? null)
        : (scheduledStart ?? resolveTime(node.availability.from, this.anchorMs));
    const to = override && 'to' in override ? (override.to ?? null) : resolveTime(node.availability.to, this.anchorMs);
    return { from, to };
  }

  issuePlayToken(userId: number, slug: string): PlayTokenInfo {
    const sessionId = randomBytes(16).toString('hex');
    const exp = Math.floor(this.now() / 1000) + PLAY_TOKEN_LIFETIME_S;
    const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = b64url(
      JSON.stringify({ token: sessionId, uid: userId, slug, olv: 0, delpol: 'standard', tlmtry: true, s72usr: userId, exp }),
    );
    const signature = createHmac('sha256', this.secret).update(`${header}.${payload}`).digest('base64url');
    const token = `${header}.${payload}.${signature}`;
    const info: PlayTokenInfo = { token, sessionId, userId, slug, exp };
    this.playTokens.set(token, info);
    return info;
  }

  /** Keeps a recording; the oldest go when there are more than 10 000 or {@link MAX_RECORDED_BYTES}. */
  record(entry: RecordedRequest): void {
    const size = recordedSize(entry);
    this.recordedSizes.set(entry, size);
    this.recordedBytes += size;
    this.recordings.push(entry);
    this.trimRecordings();
  }

  /** Sets the body of a recording (once parsed), counted in its size. */
  setRecordedBody(entry: RecordedRequest, body: unknown): void {
    entry.body = body;
    const before = this.recordedSizes.get(entry);
    if (before === undefined) return; // already dropped, or from before a reset
    const size = recordedSize(entry);
    this.recordedSizes.set(entry, size);
    this.recordedBytes += size - before;
    this.trimRecordings();
  }

  private trimRecordings(): void {
    let drop = 0;
    let bytes = this.recordedBytes;
    const list = this.recordings;
    while (drop < list.length - 1 && (list.length - drop > MAX_RECORDINGS || bytes > MAX_RECORDED_BYTES)) {
      bytes -= this.recordedSizes.get(list[drop] as RecordedRequest) ?? 0;
      this.recordedSizes.delete(list[drop] as RecordedRequest);
      drop += 1;
    }
    if (drop === 0) return;
    list.splice(0, drop);
    this.recordedBytes = bytes;
  }

  /** Total injected latency for a request. */
  latencyFor(method: string, path: string): number {
    let ms = 0;
    for (const rule of this.latencies) {
      if (matchPath(rule.path, path) && (rule.method === null || rule.method === method)) ms += rule.ms;
    }
    return ms;
  }

  /** Random source of probabilistic faults, [0, 1). */
  random: () => number = Math.random;

  /** The first fault rule matching the request, consuming one of its `times`. */
  takeFault(method: string, path: string): FaultRule | undefined {
    for (const rule of this.faults) {
      if (rule.remaining !== null && rule.remaining <= 0) continue;
      if (!matchPath(rule.path, path)) continue;
      // Preflights are only faulted when asked for explicitly, so a fault stays visible to browsers.
      if (rule.method === null ? method === 'OPTIONS' : rule.method !== method) continue;
      if (rule.probability !== undefined && this.random() >= rule.probability) continue;
      if (rule.remaining !== null) rule.remaining -= 1;
      return rule;
    }
    return undefined;
  }
}

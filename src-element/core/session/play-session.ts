// player-and-client §3 "Content": session {token, uid, olv, delpol, tlmtry, s72usr}; §5 "The player-session token is decoded from its middle segment"
/**
 * The one playback session every consumer reads (heartbeat, player telemetry, live status, licence
 * headers, the watermark's viewer id, the studio delivery policy): built from the token in force
 * and the page's `content.session`. Precedence (documented on `S72Session`):
 * - the token: the replaced token (`updatePlayToken()`), else `content.playToken`, else
 *   `content.session.token`;
 * - each other field: decoded from the token's middle segment when the token is readable and has
 *   it, else `content.session`'s (the storefront signed the token's fields and enforces them).
 * A field of the wrong type is left out (and reported by `sessionProblems`). Pure, framework-free.
 */
import { decodePlayToken, type PlayTokenPayload } from '../play-token.js';
import type { S72Session } from '../types.js';

/** The normalised playback session. */
export interface PlaySession {
  /** The play-session token in force, trimmed; null when there is none. */
  readonly token: string | null;
  readonly uid: string | null;
  readonly olv: number | null;
  /** The delivery policy, e.g. `studio`; null when unknown. */
  readonly delpol: string | null;
  /** False when the session turns player telemetry off (`tlmtry`); true otherwise. */
  readonly telemetry: boolean;
  readonly s72usr: string | null;
  /** Where each field came from: the decoded token, the page's `session`, or neither. */
  readonly sources: Readonly<Record<'uid' | 'olv' | 'delpol' | 'tlmtry' | 's72usr', 'token' | 'session' | null>>;
}

const id = (value: unknown): string | null =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim()) ? String(value).trim() : null;
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** `tlmtry`: false, 0, "false" or "0" turn telemetry off; true, 1, "true", "1" keep it on; anything else: unknown. */
function flag(value: unknown): boolean | null {
  if (value === false || value === 0 || value === 'false' || value === '0') return false;
  if (value === true || value === 1 || value === 'true' || value === '1') return true;
  return null;
}

const READERS = { uid: id, olv: num, delpol: text, tlmtry: flag, s72usr: id } as const;
type Field = keyof typeof READERS;
const FIELDS = Object.keys(READERS) as Field[];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The session token in force: `replaced`, else `playToken`, else `session.token` (each trimmed; blank is none). */
export function sessionToken(replaced: string | null | undefined, playToken: unknown, session: unknown): string | null {
  return text(replaced) ?? text(playToken) ?? (isObject(session) ? text(session['token']) : null);
}

/**
 * The normalised session of `token` (the token in force, see `sessionToken`) and the page's
 * `session` object (anything else counts as none).
 */
export function resolvePlaySession(token: string | null | undefined, session: S72Session | null | undefined): PlaySession {
  const decoded: PlayTokenPayload | null = decodePlayToken(token);
  const given = isObject(session) ? session : null;
  const values: Record<Field, unknown> = { uid: null, olv: null, delpol: null, tlmtry: null, s72usr: null };
  const sources = { uid: null, olv: null, delpol: null, tlmtry: null, s72usr: null } as Record<Field, 'token' | 'session' | null>;
  for (const field of FIELDS) {
    const fromToken = decoded ? READERS[field](decoded[field]) : null;
    const fromSession = given ? READERS[field](given[field]) : null;
    if (fromToken !== null) [values[field], sources[field]] = [fromToken, 'token'];
    else if (fromSession !== null) [values[field], sources[field]] = [fromSession, 'session'];
  }
  return Object.freeze({
    token: text(token),
    uid: values.uid as string | null,
    olv: values.olv as number | null,
    delpol: values.delpol as string | null,
    telemetry: values.tlmtry !== false,
    s72usr: values.s72usr as string | null,
    sources: Object.freeze(sources),
  });
}

/** The viewer id of a session: `s72usr` (the storefront's user), else `uid`; null when neither. */
export function sessionViewerId(session: PlaySession): string | null {
  return session.s72usr ?? session.uid;
}

/** True when the session's delivery policy is the studio policy (`delpol: "studio"`). */
export function sessionStudioPolicy(session: PlaySession): boolean {
  return session.delpol?.toLowerCase() === 'studio';
}

/**
 * What is wrong with a page's `content.session`: one message per problem (empty when it is absent
 * or fine). A field of the wrong type is ignored by `resolvePlaySession`.
 */
export function sessionProblems(session: unknown): string[] {
  if (session === undefined || session === null) return [];
  if (!isObject(session)) return ['content.session must be an object ({token, uid, olv, delpol, tlmtry, s72usr})'];
  const problems: string[] = [];
  const expect: Record<string, [(value: unknown) => boolean, string]> = {
    token: [(value) => typeof value === 'string', 'a string'],
    uid: [(value) => id(value) !== null, 'a non-blank string or a number'],
    olv: [(value) => num(value) !== null, 'a number'],
    delpol: [(value) => typeof value === 'string', 'a string'],
    tlmtry: [(value) => typeof value === 'boolean', 'a boolean'],
    s72usr: [(value) => id(value) !== null, 'a non-blank string or a number'],
  };
  for (const [field, [ok, what]] of Object.entries(expect)) {
    const value = session[field];
    if (value !== undefined && value !== null && !ok(value)) problems.push(`content.session.${field} must be ${what}; got ${JSON.stringify(value) ?? typeof value}`);
  }
  return problems;
}

/**
 * Session-based A/B forensic marking (issue 27 item 3): the storefront's part, i.e. what a CDN's
 * edge rule does in a real deployment.
 *
 * The streams call gives each play session its own media path, `/media/s/<media session>/…`
 * ({@link forensicStreamUrl}); the media session is a fresh random id (not the play token, not its
 * session id), remembered with the viewer's forensic id. Under that path every file of the demo
 * media is served as at `/media/…`, except the CENC DASH film's video segments
 * (`feature/dash-cenc/video-*\/seg-NNN.m4s`): for segment number n the route serves variant B
 * (`feature/dash-cenc-b/…`, made by demo/tools/forensic/make-variants.ts) when bit n-1 of the
 * viewer's codeword is 1, else A. The codeword and the mark are defined in
 * demo/tools/forensic/mark.ts; demo/tools/forensic-recover.ts reads the id back from a capture.
 *
 *   GET /media/s/:session/*            the media, per session (404 for an unknown session)
 *   GET /media/feature/dash-cenc-b/*   404: the variants are reachable only through a session
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CODE_BITS, codeword, forensicIdOf } from '../tools/forensic/mark.js';
import { HttpError } from './http.js';

/** The film whose video segments are marked, and where its B variants are (under the media root). */
const MARKED_DIR = 'feature/dash-cenc/';
const VARIANT_DIR = 'feature/dash-cenc-b/';
const MARKED_SEGMENT = /^feature\/dash-cenc\/(video-[a-z0-9]+)\/seg-(\d{3})\.m4s$/;
const SESSION_ID = /^[0-9a-f]{32}$/;
/** Media sessions kept (the oldest go first); a play token lives far shorter than it takes to fill this. */
const MAX_SESSIONS = 10_000;

export interface ForensicSession {
  userId: number;
  forensicId: number;
  /** Variant per segment number - 1: 0 = A, 1 = B. */
  bits: number[];
}

/** Media sessions of one storefront (insertion-ordered, for eviction). */
const sessionsByApp = new WeakMap<FastifyInstance, Map<string, ForensicSession>>();

function sessionsOf(app: FastifyInstance): Map<string, ForensicSession> {
  let sessions = sessionsByApp.get(app);
  if (!sessions) {
    sessions = new Map();
    sessionsByApp.set(app, sessions);
  }
  return sessions;
}

/**
 * A new media session for a viewer; returns the stream URL to hand out for a catalogue media path
 * (`feature/dash-cenc/manifest.mpd`): the per-session path for the marked film, the plain one for
 * any other media.
 */
export function forensicStreamUrl(app: FastifyInstance, origin: string, mediaPath: string, userId: number): string {
  if (!mediaPath.startsWith(MARKED_DIR)) return `${origin}/media/${mediaPath}`;
  const sessions = sessionsOf(app);
  const id = randomBytes(16).toString('hex');
  const forensicId = forensicIdOf(userId);
  sessions.set(id, { userId, forensicId, bits: codeword(forensicId) });
  while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  return `${origin}/media/s/${id}/${mediaPath}`;
}

/** The file under the media root that a session gets for `path` (A or B for a marked segment). */
export function sessionFile(session: ForensicSession, path: string, mediaRoot: string): string {
  const match = MARKED_SEGMENT.exec(path);
  if (!match) return path;
  const n = Number(match[2]);
  if (n < 1 || n > CODE_BITS || session.bits[n - 1] !== 1) return path;
  const variant = `${VARIANT_DIR}${match[1]}/seg-${match[2]}.m4s`;
  // Without the variants (`npm run media:forensic` not run) the film plays unmarked.
  return existsSync(join(mediaRoot, variant)) ? variant : path;
}

export function registerForensic(app: FastifyInstance, mediaRoot: string): void {
  app.get<{ Params: { session: string; '*': string } }>('/media/s/:session/*', async (req, reply) => {
    const session = SESSION_ID.test(req.params.session) ? sessionsOf(app).get(req.params.session) : undefined;
    if (!session) throw new HttpError(404, 'not_found', 'Unknown media session.');
    // Each session's bytes differ: a shared cache must key them by the session path, never reuse them.
    reply.header('cache-control', 'private, max-age=3600');
    return reply.sendFile(`/${sessionFile(session, req.params['*'], mediaRoot)}`, mediaRoot);
  });
  app.get(`/media/${VARIANT_DIR}*`, async () => {
    throw new HttpError(404, 'not_found', 'Not found.');
  });
}

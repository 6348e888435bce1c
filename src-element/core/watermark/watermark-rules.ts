// player-and-client §2 "It also handles … a watermark", §8 "Player: Watermark tampering raises an error and destroys the player", §9 "Ads and watermark: Watermark checked every 0.5 s; corner changes every 15 minutes"
/**
 * The forensic watermark's rules: whose id is drawn, in which corner, and
 * the error a tampering raises. Framework-free (core layer); the DOM side is
 * `controllers/watermark-controller.ts`, the tamper rules `tamper-rules.ts`.
 */
import { S72Error } from '../errors.js';
import { sessionViewerId, type PlaySession } from '../session/play-session.js';

/** How often the watermark is checked, ms (0.5 s). */
export const WATERMARK_CHECK_INTERVAL_MS = 500;
/** How often the watermark's corner changes, ms (15 minutes). */
export const WATERMARK_CORNER_INTERVAL_MS = 15 * 60 * 1000;
/** Longest viewer id drawn; a longer one is cut (the id is an account number or a short uid). */
export const WATERMARK_MAX_ID_LENGTH = 64;

/** The four corners, in the order the watermark visits them (clockwise from the top start corner). */
export const WATERMARK_CORNERS = ['top-start', 'top-end', 'bottom-end', 'bottom-start'] as const;
export type WatermarkCorner = (typeof WATERMARK_CORNERS)[number];

// player-and-client §3 "Content" (`session {token, uid, olv, delpol, tlmtry, s72usr}`)
/** The viewer id of a normalised session (`s72usr`, else `uid`; cut to {@link WATERMARK_MAX_ID_LENGTH}), or null: no watermark. */
export function viewerIdOf(session: PlaySession): string | null {
  return sessionViewerId(session)?.slice(0, WATERMARK_MAX_ID_LENGTH) ?? null;
}

/**
 * The corner after `elapsedMs` ms of watermark time: the first corner, then the next one every
 * {@link WATERMARK_CORNER_INTERVAL_MS} (round and round). Negative or non-finite time: the first corner.
 */
export function cornerAt(elapsedMs: number): WatermarkCorner {
  const steps = Number.isFinite(elapsedMs) && elapsedMs > 0 ? Math.floor(elapsedMs / WATERMARK_CORNER_INTERVAL_MS) : 0;
  return WATERMARK_CORNERS[steps % WATERMARK_CORNERS.length]!;
}

/** Milliseconds from `elapsedMs` to the next corner change (always > 0). */
export function msUntilNextCorner(elapsedMs: number): number {
  const elapsed = Number.isFinite(elapsedMs) && elapsedMs > 0 ? elapsedMs : 0;
  return WATERMARK_CORNER_INTERVAL_MS - (elapsed % WATERMARK_CORNER_INTERVAL_MS);
}

/** Why a watermark check failed (`data.reason` of `watermark_tampered`). */
export type TamperReason =
  /** The watermark left the player's shadow root (or its place in it). */
  | 'removed'
  /** The drawn id is not the viewer's. */
  | 'text'
  /** An attribute of the watermark was added, removed or changed. */
  | 'attributes'
  /** A computed style of the watermark differs from what the player set (hidden, transparent, moved, …). */
  | 'style'
  /** A `<style>`, a stylesheet `<link>` or an adopted stylesheet was put into the player's shadow root. */
  | 'stylesheet'
  /** The watermark is drawn smaller than readable (or not at all) while the player is shown. */
  | 'resized'
  /** Something else is on top of the watermark. */
  | 'covered'
  /** The player itself is hidden (display, visibility, opacity, content-visibility) while the video plays. */
  | 'player-hidden'
  /** The player itself is shrunk to almost nothing while the video plays. */
  | 'player-resized'
  /** The video was taken out of the player into a picture-in-picture window (without the watermark). */
  | 'picture-in-picture'
  /** The `<video>` was moved out of its place in the player (into the page, the top layer, fullscreen on its own). */
  | 'video'
  /** A mask or an SVG filter on the player or around it, or a clipping element around it cutting the watermark away while the video plays. */
  | 'cropped';

// player-and-client §8 "Player"; DESIGN.md "Errors"
/** The critical `watermark_tampered` error. */
export function watermarkTampered(reason: TamperReason, detail: string): S72Error {
  return new S72Error('watermark_tampered', `The watermark was tampered with (${reason}): ${detail}`, {
    category: 'watermark',
    severity: 'critical',
    data: { reason, detail },
  });
}

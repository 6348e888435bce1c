// player-and-client §8 "Watermark tampering raises an error and destroys the player", §9 "Watermark checked every 0.5 s"
/**
 * Tamper rules of the forensic watermark: given a snapshot of what the
 * browser computed for the watermark and the player, the first rule broken, or null. Pure and
 * framework-free (core layer): `controllers/watermark-controller.ts` takes the snapshot (computed
 * styles, boxes, hit tests through the shadow roots) and acts on the answer.
 *
 * What the page can do, and the rule that catches it:
 * - remove the watermark or move it elsewhere → `removed`; change its text → `text`;
 * - set, change or remove an attribute on it (`style`, `hidden`, `class`, …) → `attributes`;
 * - put a `<style>` / stylesheet `<link>` into the player's shadow root, or adopt a stylesheet
 *   into it → `stylesheet` (the player's shadow root has none of its own: Lit adopts its styles);
 * - restyle it however (display, visibility, opacity, transform, clip-path, clip, filter, mask,
 *   blend mode, content-visibility, zoom, z-index, position, pseudo-elements drawn over it, font
 *   size, text colour alpha) → `style` (the computed values must be the ones the player set);
 * - shrink it to nothing → `resized`; put something on top of it → `covered` (hit tests at points
 *   that change each check, plus the browser's occlusion report where it has one, which also sees
 *   overlays that let clicks through);
 * - hide or shrink the player itself while the video plays → `player-hidden` / `player-resized`;
 * - take the video into a picture-in-picture window → `picture-in-picture`;
 * - move the `<video>` out of the place the player put it (into the page, into the top layer as a
 *   popover or a modal, into fullscreen on its own) → `video`;
 * - mask the player or any element around it (a hole over the mark), filter it through an SVG
 *   filter, or crop the mark's band away with a clipping (non-scrolling) ancestor while the film
 *   plays → `cropped`.
 * A player whose watermark is out of sight only because it is scrolled or parked off-screen is not
 * tampering: it pauses ({@link mustPause}).
 */
import type { TamperReason } from './watermark-rules.js';

/** The smallest font size the watermark may be drawn at, CSS px. */
export const WATERMARK_MIN_FONT_PX = 10;
/** The smallest alpha of the watermark's text colour (it is drawn semi-transparent on purpose). */
export const WATERMARK_MIN_TEXT_ALPHA = 0.4;
/** A player smaller than this (either side, CSS px) while the video plays counts as shrunk away. */
export const WATERMARK_MIN_PLAYER_PX = 64;
/** The z-index of the watermark: above every surface of the player (settings menu, end screen, error panel). */
export const WATERMARK_Z_INDEX = 2147483647;

/**
 * Computed values the watermark box (the closed root's host) must have, property → value as
 * `getComputedStyle` returns it. The player sets all of them with `!important` from inside the
 * watermark's closed shadow root (which beats the page's stylesheets and inline styles).
 */
export const MARK_COMPUTED: Readonly<Record<string, string>> = Object.freeze({
  display: 'block',
  position: 'absolute',
  visibility: 'visible',
  opacity: '1',
  transform: 'none',
  translate: 'none',
  scale: 'none',
  rotate: 'none',
  'clip-path': 'none',
  clip: 'auto',
  filter: 'none',
  'backdrop-filter': 'none',
  'mask-image': 'none',
  'mix-blend-mode': 'normal',
  'content-visibility': 'visible',
  zoom: '1',
  'z-index': String(WATERMARK_Z_INDEX),
});

/** Computed values the watermark's text must have (besides the size and colour rules). */
export const TEXT_COMPUTED: Readonly<Record<string, string>> = Object.freeze({
  display: 'block',
  visibility: 'visible',
  opacity: '1',
  transform: 'none',
  'clip-path': 'none',
  filter: 'none',
  'mask-image': 'none',
  'mix-blend-mode': 'normal',
  'content-visibility': 'visible',
});

/** The properties the controller reads into {@link WatermarkSnapshot.markStyle} and `textStyle`. */
export const SNAPSHOT_PROPERTIES: readonly string[] = [...new Set([...Object.keys(MARK_COMPUTED), ...Object.keys(TEXT_COMPUTED), 'font-size', 'color'])];

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** What the browser computed for the watermark and the player at one check. */
export interface WatermarkSnapshot {
  /** The watermark is still where the player put it (its parent in the player's shadow root). */
  readonly mounted: boolean;
  /** The text drawn (from the closed root), or null when it is gone. */
  readonly text: string | null;
  readonly expectedText: string;
  /** The watermark box's attributes, name → value. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly expectedAttributes: Readonly<Record<string, string>>;
  /** `<style>` and stylesheet `<link>` elements in the player's shadow root, plus adopted stylesheets it did not start with. */
  readonly foreignStylesheets: number;
  /** Computed styles of the watermark box ({@link SNAPSHOT_PROPERTIES}). */
  readonly markStyle: Readonly<Record<string, string>>;
  /** Computed styles of the watermark's text. */
  readonly textStyle: Readonly<Record<string, string>>;
  /** Computed `content` of the box's `::before` and `::after` ('none' when there is none). */
  readonly pseudoContent: readonly string[];
  /** The media is playing (not paused, not ended). */
  readonly playing: boolean;
  /** The player has a box (not `display: none`, not in a `display: none` subtree). */
  readonly playerRendered: boolean;
  /** The player is visible: rendered, not `visibility: hidden`, no `opacity: 0` on it or an ancestor, not `content-visibility: hidden`. */
  readonly playerVisible: boolean;
  readonly playerBox: Box;
  /** The watermark text's box. */
  readonly markBox: Box;
  /** The video is in a picture-in-picture window. */
  readonly pictureInPicture: boolean;
  /** What is on top of the watermark (a short description), or null when nothing is. */
  readonly coveredBy: string | null;
  /** The `<video>` is still where the player put it (its parent in the player's shadow root, not in the top layer). */
  readonly videoInPlace: boolean;
  /** A mask or an SVG (`url()`) filter on the player or an element around it (a short description), or null. */
  readonly pageEffect: string | null;
  /** The watermark lies (partly) outside the box of a clipping, non-scrolling element around the player (a short description), or null. */
  readonly markCropped: string | null;
  /** Some of the player is inside the viewport and the boxes of every element that clips it. */
  readonly playerOnScreen: boolean;
  /** All of the watermark is inside the viewport and the boxes of every element that clips it. */
  readonly markOnScreen: boolean;
}

export interface Tampering {
  readonly reason: TamperReason;
  /** What was found, for the error's message and `data.detail` (no page content beyond tag names). */
  readonly detail: string;
  /**
   * Checks in a row this must be seen on before it counts (1: at once). The player-level and
   * covering rules wait for a second check, so a page's fade-in or a menu sliding past does not
   * destroy the player.
   */
  readonly confirmChecks: number;
}

/** The alpha of a computed CSS colour (`rgb(…)`, `rgba(…)`, `color(srgb … / a)`); 1 when none is given, 0 for `transparent`. */
export function colorAlpha(color: string): number {
  const value = color.trim().toLowerCase();
  if (value === 'transparent') return 0;
  const slash = /\/\s*([\d.]+)(%?)\s*\)$/.exec(value);
  if (slash) return slash[2] ? Number(slash[1]) / 100 : Number(slash[1]);
  const rgba = /^rgba\(\s*[^,]+,[^,]+,[^,]+,\s*([\d.]+)(%?)\s*\)$/.exec(value);
  if (rgba) return rgba[2] ? Number(rgba[1]) / 100 : Number(rgba[1]);
  return 1;
}

function styleMismatch(actual: Readonly<Record<string, string>>, expected: Readonly<Record<string, string>>): string | null {
  for (const [property, value] of Object.entries(expected)) {
    if (actual[property] !== value) return `${property}: ${actual[property] ?? '(none)'} (expected ${value})`;
  }
  return null;
}

function attributesMismatch(actual: Readonly<Record<string, string>>, expected: Readonly<Record<string, string>>): string | null {
  for (const name of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
    if (actual[name] !== expected[name]) return `attribute ${name}: ${actual[name] === undefined ? '(removed)' : 'changed'}`;
  }
  return null;
}

const once = (reason: TamperReason, detail: string): Tampering => ({ reason, detail, confirmChecks: 1 });
const confirmed = (reason: TamperReason, detail: string): Tampering => ({ reason, detail, confirmChecks: 2 });

/** Whether `inner` lies inside `outer`, with 1 px of rounding allowed. Pure. */
export function inside(inner: Box, outer: Box): boolean {
  return (
    inner.left >= outer.left - 1 &&
    inner.top >= outer.top - 1 &&
    inner.left + inner.width <= outer.left + outer.width + 1 &&
    inner.top + inner.height <= outer.top + outer.height + 1
  );
}

/** The first rule `snapshot` breaks, or null when the watermark is intact. */
export function findTampering(snapshot: WatermarkSnapshot): Tampering | null {
  if (!snapshot.mounted) return once('removed', 'the watermark is no longer in the player');
  if (snapshot.text !== snapshot.expectedText) return once('text', 'the drawn id is not the viewer id');
  const attributes = attributesMismatch(snapshot.attributes, snapshot.expectedAttributes);
  if (attributes) return once('attributes', attributes);
  if (snapshot.foreignStylesheets > 0) return once('stylesheet', `${snapshot.foreignStylesheets} stylesheet(s) added to the player`);
  const mark = styleMismatch(snapshot.markStyle, MARK_COMPUTED);
  if (mark) return once('style', mark);
  const text = styleMismatch(snapshot.textStyle, TEXT_COMPUTED);
  if (text) return once('style', `text ${text}`);
  const pseudo = snapshot.pseudoContent.find((content) => content !== 'none' && content !== 'normal');
  if (pseudo !== undefined) return once('style', 'a pseudo-element is drawn on the watermark');
  const fontSizePx = Number.parseFloat(snapshot.textStyle['font-size'] ?? '');
  if (!(fontSizePx >= WATERMARK_MIN_FONT_PX)) return once('style', `font-size ${snapshot.textStyle['font-size'] ?? '(none)'}`);
  const alpha = colorAlpha(snapshot.textStyle.color ?? '');
  if (!(alpha >= WATERMARK_MIN_TEXT_ALPHA)) return once('style', `text colour alpha ${alpha}`);
  if (snapshot.pictureInPicture) return once('picture-in-picture', 'the video is in a picture-in-picture window');
  if (!snapshot.videoInPlace) return once('video', 'the video is no longer where the player put it');

  if (snapshot.playing) {
    if (!snapshot.playerVisible) return confirmed('player-hidden', 'the player is hidden while the video plays');
    const { width, height } = snapshot.playerBox;
    if (width < WATERMARK_MIN_PLAYER_PX || height < WATERMARK_MIN_PLAYER_PX) {
      return confirmed('player-resized', `the player is ${Math.round(width)}×${Math.round(height)} px while the video plays`);
    }
  }
  // Where the player has no box (hidden by the page while paused) there is nothing to measure.
  if (!snapshot.playerRendered || snapshot.playerBox.width <= 0 || snapshot.playerBox.height <= 0) return null;
  // issue 25 item 1 (b): a mask can cut a hole anywhere, and hit tests go through masks.
  if (snapshot.pageEffect) return confirmed('cropped', snapshot.pageEffect);
  // issue 25 item 1 (c): the film shown without its mark; a player not shown at all pauses instead.
  if (snapshot.playing && snapshot.playerOnScreen && snapshot.markCropped) return confirmed('cropped', snapshot.markCropped);
  const { markBox } = snapshot;
  if (markBox.width < WATERMARK_MIN_FONT_PX || markBox.height < WATERMARK_MIN_FONT_PX) {
    return once('resized', `the watermark is ${Math.round(markBox.width)}×${Math.round(markBox.height)} px`);
  }
  if (!inside(markBox, snapshot.playerBox)) return once('style', 'the watermark is outside the player');
  if (snapshot.coveredBy) return confirmed('covered', `covered by ${snapshot.coveredBy}`);
  return null;
}

// issue 25 item 1 (d)
/**
 * Whether the player must pause: the film plays while its watermark is out of sight — the player
 * scrolled or parked off-screen (its frames could be drawn elsewhere, a canvas, without the mark),
 * or scrolled so that the mark's part of it is outside the viewport. Not tampering (the viewer may
 * have scrolled the page); the player pauses and can be played again once the mark is in sight.
 */
export function mustPause(snapshot: WatermarkSnapshot): boolean {
  return snapshot.playing && snapshot.playerRendered && !snapshot.markOnScreen;
}

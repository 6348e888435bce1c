// player-and-client §2 "It also handles … a watermark", §8 "Player: Watermark tampering raises an error and destroys the player", §9 "Watermark checked every 0.5 s; corner changes every 15 minutes"; issue 14 "Watermark"
/**
 * The forensic watermark.
 *
 * While the play token of the session names a viewer (`s72usr`, else `uid`: `viewerIdFrom`), the
 * player draws that id over the video: a box in the player's shadow root (no `part`, so
 * `::part()` cannot reach it) holding a CLOSED shadow root with the text. Its whole style is set
 * from inside the closed root on `:host` with `!important` (inner important rules beat the page's
 * stylesheets and even inline styles in the cascade), above every surface of the player
 * (`z-index` max: the settings menu, the end screen and the error panel never cover it) and with
 * `pointer-events: none` (clicks go through to the controls). It starts in the top start corner
 * and moves clockwise to the next corner every 15 minutes (`cornerAt`).
 *
 * Tampering is looked for every {@link WATERMARK_CHECK_INTERVAL_MS} ms, at once when a
 * MutationObserver sees the watermark, its ancestors, the shadow root's styles or the host's
 * attributes change, and at the next animation frame after other nodes of the shadow root change:
 * a snapshot of computed styles, boxes and hit tests goes through `findTampering`
 * (core/watermark/tamper-rules.ts lists every rule). Covering is found by hit testing the
 * watermark's box (5 points) through every shadow root from the document down, with the watermark
 * made hit-testable for that synchronous moment (a stylesheet swapped in its closed root: no DOM
 * change). The video is kept out of picture-in-picture (`disablePictureInPicture`), and entering
 * it anyway counts as tampering.
 *
 * On tampering: the media is paused, the engine unloaded (`options.destroy`, the engine
 * controller's `halt`), and a critical `watermark_tampered` (category `watermark`, `data.reason`)
 * goes through `host.report()` (the `s72-error` event, the error panel without "Try again", the
 * play page's error screen and telemetry). The player stays destroyed: a later load ("Try again"
 * called from script, a new source) is stopped again and the error put back.
 *
 * Lifetime: checks and observers run from `hostConnected` to `hostDisconnected` while a viewer id
 * exists; the corner time starts with the viewer's watermark and survives a move in the page.
 *
 * Not caught (browser limits, see README "Forensic watermark"): an element covering the player
 * with `pointer-events: none` (hit tests skip it), a page that patched the DOM APIs before the
 * player loaded, screen capture outside the page.
 *
 * @fires s72-error - through `host.report()`: `watermark_tampered`
 */
import { html, nothing, type ReactiveController } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { systemClock, type IntervalClock, type TimerHandle } from '../core/clock.js';
import type { S72Error } from '../core/errors.js';
import {
  findTampering,
  SNAPSHOT_PROPERTIES,
  WATERMARK_Z_INDEX,
  type Box,
  type Tampering,
  type WatermarkSnapshot,
} from '../core/watermark/tamper-rules.js';
import {
  cornerAt,
  msUntilNextCorner,
  viewerIdFrom,
  WATERMARK_CHECK_INTERVAL_MS,
  watermarkTampered,
  type TamperReason,
  type WatermarkCorner,
} from '../core/watermark/watermark-rules.js';
import type { PlayerHost } from './player-host.js';

export interface WatermarkControllerOptions {
  /** Ends playback for good: stops loading and unloads the engine (the engine controller's `halt`). */
  destroy: () => void;
  clock?: IntervalClock;
}

/** The attributes the watermark box has; any other value counts as tampering. */
export const WATERMARK_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({ 'aria-hidden': 'true' });

/** The host's own reflected attributes (`s72-player.ts` `reflect()`): changes to them need no check. */
const PLAYER_REFLECTED = new Set(['paused', 'buffering', 'controls-hidden']);

/**
 * The watermark's style, from inside its closed root. `all: initial` first, so nothing the page
 * sets on the box or its ancestors is inherited; every value `!important` (tamper-rules.ts
 * `MARK_COMPUTED` / `TEXT_COMPUTED` are the computed values checked).
 */
const BASE_CSS = `
  :host {
    all: initial !important;
    display: block !important;
    position: absolute !important;
    z-index: ${WATERMARK_Z_INDEX} !important;
    pointer-events: none !important;
    visibility: visible !important;
    opacity: 1 !important;
    max-inline-size: 60% !important;
    user-select: none !important;
  }
  :host::before,
  :host::after {
    content: none !important;
  }
  span {
    display: block !important;
    visibility: visible !important;
    opacity: 1 !important;
    padding: 0.15em 0.35em !important;
    font: 600 clamp(12px, 2cqw, 32px) / 1.2 system-ui, sans-serif !important;
    letter-spacing: 0.04em !important;
    color: rgb(255 255 255 / 0.6) !important;
    text-shadow: 0 0 2px rgb(0 0 0 / 0.7) !important;
    white-space: nowrap !important;
    overflow: hidden !important;
    text-overflow: ellipsis !important;
  }
`;

/**
 * Insets of each corner: clear of the title bar (top) and the control bar (bottom) when they are
 * shown, so the id never sits on the back button or the play button; logical, so `dir="rtl"` mirrors.
 */
const CORNER_CSS: Readonly<Record<WatermarkCorner, string>> = {
  'top-start': ':host { inset-block-start: 14% !important; inset-inline-start: 3% !important; }',
  'top-end': ':host { inset-block-start: 14% !important; inset-inline-end: 3% !important; }',
  'bottom-end': ':host { inset-block-end: 16% !important; inset-inline-end: 3% !important; }',
  'bottom-start': ':host { inset-block-end: 16% !important; inset-inline-start: 3% !important; }',
};

/** Makes the watermark hit-testable during a cover check. */
const PROBE_CSS = ':host { pointer-events: auto !important; }';

interface Mark {
  readonly box: HTMLElement;
  /** Where the box was first seen in the player's shadow root (its parent), once armed. */
  parent: Node | null;
  readonly root: ShadowRoot;
  readonly text: HTMLSpanElement;
  readonly base: CSSStyleSheet;
  readonly corner: CSSStyleSheet;
  readonly probe: CSSStyleSheet;
}

export class WatermarkController implements ReactiveController {
  private readonly clock: IntervalClock;
  /** The viewer id the last render drew, or null (no watermark). */
  private viewerId: string | null = null;
  private mark: Mark | null = null;
  private connected = false;
  private armed = false;
  private interval: TimerHandle = null;
  private cornerTimer: TimerHandle = null;
  private observer: MutationObserver | null = null;
  private media: HTMLMediaElement | null = null;
  private pictureInPicture = false;
  /** When the current viewer's watermark started (epoch ms): the corner clock. */
  private startedAtMs: number | null = null;
  private corner: WatermarkCorner | null = null;
  /** The adopted stylesheets of the player's shadow root when the checks started. */
  private ownSheets: readonly CSSStyleSheet[] = [];
  /** A finding waiting for its confirming check. */
  private pending: { reason: TamperReason; count: number } | null = null;
  private tampered: S72Error | null = null;
  private guarding = false;

  constructor(
    private readonly host: PlayerHost,
    private readonly options: WatermarkControllerOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    host.addController(this);
  }

  /** The viewer id drawn now, or null when there is no watermark. */
  get drawnViewerId(): string | null {
    return this.mark ? this.viewerId : null;
  }

  /** The corner the watermark is in now, or null when there is none. */
  get currentCorner(): WatermarkCorner | null {
    return this.mark ? this.corner : null;
  }

  /** The watermark error that destroyed the player, or null. */
  get tamperError(): S72Error | null {
    return this.tampered;
  }

  /** The player's render slot: the watermark box, or nothing without a viewer id. */
  render(): unknown {
    this.viewerId = viewerIdFrom(this.host.playToken);
    if (!this.viewerId) return nothing;
    return html`<div aria-hidden="true" ${ref(this.mount)}></div>`;
  }

  hostConnected(): void {
    this.connected = true;
    this.sync();
  }

  hostUpdated(): void {
    this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.disarm();
  }

  /** Brings the checks in line with the render: armed while connected with a drawn viewer id. */
  private sync(): void {
    const mark = this.mark;
    if (!this.viewerId || !mark || !this.connected || this.tampered) {
      this.disarm();
      if (!this.viewerId) this.startedAtMs = null;
      return;
    }
    if (mark.text.textContent !== this.viewerId) {
      mark.text.textContent = this.viewerId;
      this.startedAtMs = null; // another viewer: the corners start over
    }
    if (this.media !== (this.host.store.owners.media ?? null)) this.listenToMedia();
    if (!this.armed) this.arm();
  }

  private readonly mount = (element: Element | undefined): void => {
    if (!(element instanceof HTMLElement) || element === this.mark?.box) return;
    this.disarm();
    const root = element.attachShadow({ mode: 'closed' });
    const base = new CSSStyleSheet();
    base.replaceSync(BASE_CSS);
    const corner = new CSSStyleSheet();
    const probe = new CSSStyleSheet();
    probe.replaceSync(PROBE_CSS);
    root.adoptedStyleSheets = [base, corner];
    const text = element.ownerDocument.createElement('span');
    root.append(text);
    // The parent is known once Lit has put the box in place (see `arm`).
    this.mark = { box: element, parent: null, root, text, base, corner, probe };
  };

  private arm(): void {
    const mark = this.mark;
    const shadow = this.host.shadowRoot;
    if (!mark || !shadow) return;
    this.armed = true;
    this.pending = null;
    if (!mark.parent && mark.box.getRootNode() === shadow) mark.parent = mark.box.parentNode;
    this.startedAtMs ??= this.clock.now();
    this.ownSheets = [...shadow.adoptedStyleSheets];
    this.placeCorner();
    this.observer = new MutationObserver(this.onMutations);
    this.observer.observe(shadow, { childList: true, subtree: true, attributes: true });
    this.observer.observe(this.host, { attributes: true });
    this.interval = this.clock.setInterval(() => this.check('interval'), WATERMARK_CHECK_INTERVAL_MS);
    // issue 23: the first check at the next animation frame, not here. Armed in the player's first
    // update, before its surfaces have rendered, a check now would force a style and layout pass
    // that their renders throw away; at the frame it reads the layout the first paint uses anyway.
    // The watermark itself is already in place (rendered, its text set in this same update).
    this.checkNextFrame();
  }

  private disarm(): void {
    if (!this.armed) return;
    this.armed = false;
    this.observer?.disconnect();
    this.observer = null;
    this.clock.clearInterval(this.interval);
    this.interval = null;
    if (this.frameRequest !== null) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = null;
    this.clock.clearTimeout(this.cornerTimer);
    this.cornerTimer = null;
  }

  /** Puts the watermark in the corner for now and plans the next move. */
  private placeCorner(): void {
    const mark = this.mark;
    if (!mark || !this.armed || this.startedAtMs === null) return;
    const elapsedMs = this.clock.now() - this.startedAtMs;
    const corner = cornerAt(elapsedMs);
    if (corner !== this.corner || mark.corner.cssRules.length === 0) {
      this.corner = corner;
      mark.corner.replaceSync(CORNER_CSS[corner]);
    }
    this.clock.clearTimeout(this.cornerTimer);
    this.cornerTimer = this.clock.setTimeout(() => {
      this.cornerTimer = null;
      this.placeCorner();
    }, msUntilNextCorner(elapsedMs));
  }

  private listenToMedia(): void {
    this.media?.removeEventListener('enterpictureinpicture', this.onPictureInPicture);
    this.media?.removeEventListener('leavepictureinpicture', this.onPictureInPicture);
    const media = (this.media = this.host.store.owners.media ?? null);
    if (!media) return;
    // The picture-in-picture window would show the video without the watermark.
    if ('disablePictureInPicture' in media) (media as HTMLVideoElement).disablePictureInPicture = true;
    media.addEventListener('enterpictureinpicture', this.onPictureInPicture);
    media.addEventListener('leavepictureinpicture', this.onPictureInPicture);
  }

  private readonly onPictureInPicture = (event: Event): void => {
    this.pictureInPicture = event.type === 'enterpictureinpicture';
    if (this.pictureInPicture) this.check('event');
  };

  // issue 12
  /**
   * A change to the watermark, its ancestors, the host's attributes or the shadow root's styles is
   * checked at once; any other node added or removed in the shadow root (Lit rendering the
   * controls, a script adding a cover) is checked at the next animation frame, once per frame: a
   * check reads computed styles and boxes (a forced style and layout), and at start-up Lit's renders
   * would otherwise force one per mutation batch (40 ms of the play page's start).
   */
  private readonly onMutations = (records: MutationRecord[]): void => {
    const mark = this.mark;
    if (!this.armed || !mark) return;
    const box = mark.box;
    const touches = (nodes: NodeList) =>
      Array.prototype.some.call(nodes, (node: Node) => node === box || node.contains(box) || node instanceof HTMLStyleElement || node instanceof HTMLLinkElement);
    let now = false;
    let soon = false;
    for (const record of records) {
      if (record.type === 'childList') {
        if (touches(record.removedNodes) || touches(record.addedNodes)) now = true;
        else soon = true;
      } else if (record.target === this.host) {
        if (!PLAYER_REFLECTED.has(record.attributeName ?? '')) now = true;
      } else if (record.target === box || (record.target instanceof Node && record.target.contains(box))) {
        // Lit's own bindings change attributes of the player's surfaces; only the watermark box and
        // the elements around it matter.
        now = true;
      }
    }
    if (now) this.check('event');
    else if (soon) this.checkNextFrame();
  };

  private frameRequest: number | null = null;

  private checkNextFrame(): void {
    if (this.frameRequest !== null) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = null;
      this.check('event');
    });
  }

  /** Takes a snapshot and acts on the first rule broken. Findings that need confirming count on periodic checks only. */
  private check(source: 'interval' | 'event'): void {
    if (!this.armed || !this.mark || this.tampered) return;
    const found = findTampering(this.snapshot(this.mark));
    if (!found) {
      if (source === 'interval') this.pending = null;
      return;
    }
    if (found.confirmChecks > 1) {
      if (source !== 'interval') return;
      const count = this.pending?.reason === found.reason ? this.pending.count + 1 : 1;
      this.pending = { reason: found.reason, count };
      if (count < found.confirmChecks) return;
    }
    this.tamper(found);
  }

  private snapshot(mark: Mark): WatermarkSnapshot {
    const { host } = this;
    const shadow = host.shadowRoot;
    const mounted = Boolean(shadow) && mark.box.isConnected && mark.box.parentNode === mark.parent && mark.box.getRootNode() === shadow;
    const markStyle = readStyle(getComputedStyle(mark.box));
    const textStyle = readStyle(getComputedStyle(mark.text));
    const media = host.store.owners.media ?? null;
    const playing = Boolean(media && !media.paused && !media.ended);
    const playerRendered = host.checkVisibility();
    const playerVisible =
      playerRendered &&
      host.checkVisibility({ opacityProperty: true, visibilityProperty: true, checkOpacity: true, checkVisibilityCSS: true }) &&
      effectiveOpacity(host) >= 0.1;
    const playerBox = toBox(host.getBoundingClientRect());
    const markBox = toBox(mark.text.getBoundingClientRect());
    const between = stylesBetween(mark.box, host);
    const stylesheets = shadow
      ? shadow.querySelectorAll('style, link[rel~="stylesheet" i]').length +
        shadow.adoptedStyleSheets.filter((sheet) => !this.ownSheets.includes(sheet)).length
      : 0;
    const snapshot: WatermarkSnapshot = {
      mounted,
      text: mark.text.isConnected ? mark.text.textContent : null,
      expectedText: this.viewerId ?? '',
      attributes: Object.fromEntries(Array.from(mark.box.attributes, (attribute) => [attribute.name, attribute.value])),
      expectedAttributes: WATERMARK_ATTRIBUTES,
      foreignStylesheets: stylesheets,
      // The player's own wrappers around the box must not hide, fade, clip or transform it either.
      markStyle: between ? { ...markStyle, ...between } : markStyle,
      textStyle,
      pseudoContent: ['::before', '::after'].map((pseudo) => getComputedStyle(mark.box, pseudo).content),
      playing,
      playerRendered,
      playerVisible,
      playerBox,
      markBox,
      pictureInPicture: this.pictureInPicture,
      coveredBy: null,
    };
    // Covering is looked for only once everything else is intact and the watermark is on screen.
    if (findTampering(snapshot) === null && playerRendered && markBox.width > 0 && markBox.height > 0) {
      return { ...snapshot, coveredBy: this.hitTest(mark, markBox) };
    }
    return snapshot;
  }

  /**
   * What is on top of the watermark, or null: hit tests at 5 points of its box (centre and 4 inner
   * points); at each level from the document down to the player's shadow root, the element hit
   * must be the next host on the way to the watermark. It counts as covered when most of the points
   * checked are (so a page's button grazing the edge of the id, like the play page's Skip button
   * near the bottom end corner, is not tampering). Points outside the viewport or scrolled out of
   * a scrolling ancestor's box are skipped (not shown, not covered); a point where nothing is hit too.
   */
  private hitTest(mark: Mark, box: Box): string | null {
    const chain: Array<[DocumentOrShadowRoot, Element]> = [];
    let node: Element = mark.box;
    for (;;) {
      const root = node.getRootNode();
      if (root instanceof ShadowRoot) {
        chain.unshift([root, node]);
        node = root.host;
      } else if (root instanceof Document) {
        chain.unshift([root, node]);
        break;
      } else {
        return null;
      }
    }
    const view = this.host.ownerDocument.defaultView;
    // Where the player can be seen at all: the viewport, cut by every scrolling (clipping) ancestor.
    const shown = clippingAncestors(this.host).reduce(intersect, { left: 0, top: 0, width: view?.innerWidth ?? 0, height: view?.innerHeight ?? 0 });
    const points: Array<[number, number]> = [
      [0.5, 0.5],
      [0.2, 0.25],
      [0.8, 0.25],
      [0.2, 0.75],
      [0.8, 0.75],
    ].map(([fx, fy]) => [box.left + box.width * fx!, box.top + box.height * fy!]);
    mark.root.adoptedStyleSheets = [mark.base, mark.corner, mark.probe];
    try {
      let checked = 0;
      const covering: string[] = [];
      for (const [x, y] of points) {
        if (x < shown.left || y < shown.top || x >= shown.left + shown.width || y >= shown.top + shown.height) continue;
        for (const [root, expected] of chain) {
          const hit = root.elementFromPoint(x, y);
          if (hit === null) break;
          if (hit !== expected) {
            covering.push(`<${hit.localName}>`);
            break;
          }
        }
        checked++;
      }
      return checked > 0 && covering.length * 2 > checked ? [...new Set(covering)].join(', ') : null;
    } finally {
      mark.root.adoptedStyleSheets = [mark.base, mark.corner];
    }
  }

  // player-and-client §8
  /** Destroys the player and reports `watermark_tampered`. */
  private tamper(found: Tampering): void {
    const error = watermarkTampered(found.reason, found.detail);
    this.tampered = error;
    this.disarm();
    this.stopPlayback();
    this.host.report(error);
    // The player stays destroyed: a load started later is stopped and the error put back.
    this.host.store.subscribe((state) => {
      if (this.guarding || !(state.loaded || state.error !== error || this.host.store.owners.engine)) return;
      this.guarding = true;
      queueMicrotask(() => {
        this.guarding = false;
        if (this.host.store.owners.engine || this.host.store.getState().loaded) this.stopPlayback();
        if (this.host.store.getState().error !== error) this.host.store.setSession({ error });
      });
    });
  }

  private stopPlayback(): void {
    this.host.store.owners.media?.pause();
    this.options.destroy();
  }
}

function readStyle(style: CSSStyleDeclaration): Record<string, string> {
  return Object.fromEntries(SNAPSHOT_PROPERTIES.map((property) => [property, style.getPropertyValue(property)]));
}

function toBox(rect: DOMRect): Box {
  return { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
}

/** The flat-tree parent (through shadow roots). */
function parentOf(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const parent = element.parentNode;
  return parent instanceof ShadowRoot ? parent.host : null;
}

/** The boxes of the flat-tree ancestors of `element` that clip it (overflow other than visible, paint containment). */
function clippingAncestors(element: Element): Box[] {
  const boxes: Box[] = [];
  for (let node = parentOf(element); node; node = parentOf(node)) {
    const style = getComputedStyle(node);
    const clips =
      style.overflowX !== 'visible' || style.overflowY !== 'visible' || /\b(paint|content|strict)\b/.test(style.contain);
    if (clips && node !== node.ownerDocument.documentElement && node !== node.ownerDocument.body) boxes.push(toBox(node.getBoundingClientRect()));
  }
  return boxes;
}

function intersect(a: Box, b: Box): Box {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  return {
    left,
    top,
    width: Math.max(0, Math.min(a.left + a.width, b.left + b.width) - left),
    height: Math.max(0, Math.min(a.top + a.height, b.top + b.height) - top),
  };
}

/** The product of the opacities of `element` and its flat-tree ancestors. */
function effectiveOpacity(element: Element): number {
  let opacity = 1;
  for (let node: Element | null = element; node; node = parentOf(node)) {
    opacity *= Number.parseFloat(getComputedStyle(node).opacity) || 0;
  }
  return opacity;
}

/**
 * Effects an element between the watermark box and the player host applies (none expected), as
 * extra style entries. Inherited properties (visibility, colour, font) do not reach the box: its
 * closed root sets them all.
 */
function stylesBetween(box: Element, host: Element): Record<string, string> | null {
  const found: Record<string, string> = {};
  for (let node = parentOf(box); node && node !== host; node = parentOf(node)) {
    const style = getComputedStyle(node);
    for (const [property, neutral] of WRAPPER_NEUTRAL) {
      const value = style.getPropertyValue(property);
      if (value !== neutral) found[property] = `${value} (on <${node.localName}>)`;
    }
  }
  return Object.keys(found).length > 0 ? found : null;
}

const WRAPPER_NEUTRAL: ReadonlyArray<[string, string]> = [
  ['opacity', '1'],
  ['transform', 'none'],
  ['filter', 'none'],
  ['clip-path', 'none'],
  ['mask-image', 'none'],
  ['zoom', '1'],
];

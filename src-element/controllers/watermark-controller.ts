// player-and-client §2 "It also handles … a watermark", §8 "Player: Watermark tampering raises an error and destroys the player", §9 "Watermark checked every 0.5 s; corner changes every 15 minutes"; issue 14 "Watermark"
/**
 * The forensic watermark.
 *
 * While the playback session (`host.playSession`: the play token, else `content.session`) names a viewer (`s72usr`, else `uid`: `viewerIdOf`), the
 * player draws that id over the video: a box in the player's shadow root (no `part`, so
 * `::part()` cannot reach it) holding a CLOSED shadow root with the text. Its whole style is set
 * from inside the closed root on `:host` with `!important` (inner important rules beat the page's
 * stylesheets and even inline styles in the cascade), above every surface of the player
 * (`z-index` max: the settings menu, the end screen and the error panel never cover it) and with
 * `pointer-events: none` (clicks go through to the controls). It starts in the top start corner
 * and moves clockwise to the next corner every 15 minutes (`cornerAt`).
 *
 * Tampering is looked for every {@link WATERMARK_CHECK_INTERVAL_MS} ms, at once when a
 * MutationObserver sees the watermark, its ancestors, the video, the shadow root's styles or the
 * host's attributes change, and at the next animation frame after other nodes of the shadow root
 * change (once the source's first picture shows; while a source starts, the period and the changes
 * named first are what run, and the first picture is checked at its frame): a snapshot of
 * computed styles, boxes and hit tests goes through `findTampering`
 * (core/watermark/tamper-rules.ts lists every rule). Covering is found by hit testing the
 * watermark's box (one random point in each cell of a 4 × 2 grid, new points each check) through
 * every shadow root from the document down, with the watermark made hit-testable for that
 * synchronous moment (a stylesheet swapped in its closed root: no DOM change), and, where the
 * browser reports occlusion (IntersectionObserver `trackVisibility`), by what it reports painted
 * over each cell, which also sees overlays that let clicks through. The `<video>` must stay where
 * the player put it, out of the top layer. Every element around the player is read for masks, SVG
 * filters, opacity and clipping: the watermark must lie in the visible, unclipped part of a playing
 * player; a player playing with its watermark out of sight (scrolled or parked off-screen) pauses.
 * The video is kept out of picture-in-picture (`disablePictureInPicture`), and entering it anyway
 * counts as tampering.
 *
 * On tampering: the media is paused, the engine unloaded (`options.destroy`, the engine
 * controller's `halt`), and a critical `watermark_tampered` (category `watermark`, `data.reason`)
 * goes through `host.report()` (the `s72-error` event, the error panel without "Try again", the
 * play page's error screen and telemetry). The player stays destroyed: a later load ("Try again"
 * called from script, a new source) is stopped again and the error put back.
 *
 * Lifetime: checks and observers run from `hostConnected` to `hostDisconnected` while a viewer id
 * exists; the corner time starts with the viewer's watermark and survives a move in the page. Its
 * state and checks are `#private` and the controller is frozen: nothing a page script can reach
 * swaps or stops them.
 *
 * Not caught (browser limits, see README "Forensic watermark"): an element that lets clicks
 * through covering the id where the browser reports no occlusion (Firefox, Safari), or while an
 * opacity, filter or transform around the player blinds that report; a page that patched the DOM
 * APIs before the player loaded; screen capture outside the page.
 *
 * @fires s72-error - through `host.report()`: `watermark_tampered`
 */
import { html, nothing, type ReactiveController } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { systemClock, type IntervalClock, type TimerHandle } from '../core/clock.js';
import type { S72Error } from '../core/errors.js';
import { hasPicture } from '../core/media-seek.js';
import {
  findTampering,
  inside,
  mustPause,
  SNAPSHOT_PROPERTIES,
  WATERMARK_Z_INDEX,
  type Box,
  type Tampering,
  type WatermarkSnapshot,
} from '../core/watermark/tamper-rules.js';
import {
  cornerAt,
  msUntilNextCorner,
  viewerIdOf,
  WATERMARK_CHECK_INTERVAL_MS,
  watermarkTampered,
  type TamperReason,
  type WatermarkCorner,
} from '../core/watermark/watermark-rules.js';
import type { PlayerHost } from './player-host.js';

export interface WatermarkControllerOptions {
  /** Ends playback for good: stops loading and unloads the engine (the engine controller's `halt`). */
  destroy: () => void;
  /**
   * Whether the player is loading a source (default: never). Until its first picture, the checks
   * run on the 0.5-s period and on changes to the watermark, the video, the styles and the host.
   */
  loadingSource?: () => boolean;
  clock?: IntervalClock;
}

/** The attributes the watermark box has; any other value counts as tampering. */
export const WATERMARK_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({ 'aria-hidden': 'true' });

/** The host's own reflected attributes (`s72-player.ts` `reflect()`): changes to them need no check. */
const PLAYER_REFLECTED = new Set(['paused', 'buffering', 'controls-hidden']);

/** The columns and rows of the grid of cells and hit-test points over the id (issue 25 item 1 (e)). */
const GRID_COLUMNS = 4;
const GRID_ROWS = 2;

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
  i {
    all: initial !important;
    position: absolute !important;
    display: block !important;
    inline-size: ${100 / GRID_COLUMNS}% !important;
    block-size: ${100 / GRID_ROWS}% !important;
    pointer-events: none !important;
  }
  ${Array.from(
    { length: GRID_COLUMNS * GRID_ROWS },
    (_, index) =>
      `i:nth-of-type(${index + 1}) { inset-inline-start: ${(index % GRID_COLUMNS) * (100 / GRID_COLUMNS)}% !important; inset-block-start: ${Math.floor(index / GRID_COLUMNS) * (100 / GRID_ROWS)}% !important; }`,
  ).join('\n  ')}
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
  /** Invisible cells over the id, watched by the browser's occlusion report (issue 25 item 1 (e)). */
  readonly cells: readonly HTMLElement[];
  readonly base: CSSStyleSheet;
  readonly corner: CSSStyleSheet;
  readonly probe: CSSStyleSheet;
}

/** Where the player put its `<video>`: checked at every look (issue 25 item 1 (a)). */
interface VideoPlace {
  readonly media: HTMLMediaElement;
  readonly parent: Node | null;
}

// Taken when the module loads: a script that patches the prototype later cannot keep the media playing.
// `undefined` where there is no DOM (the module is imported for server rendering, where nothing plays).
const pauseMedia: HTMLMediaElement['pause'] | undefined = typeof HTMLMediaElement === 'undefined' ? undefined : HTMLMediaElement.prototype.pause;

/** Whether the browser reports occlusion (IntersectionObserver `trackVisibility`, Chromium). */
const occlusionReported = typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

/** Each player's controller, for tests and internal readers only (not reachable from the element). */
const controllers = new WeakMap<PlayerHost, WatermarkController>();

/** The watermark controller of `host` (tests read `drawnViewerId`, `currentCorner`; nothing in it can be swapped). */
export function watermarkControllerOf(host: PlayerHost): WatermarkController | undefined {
  return controllers.get(host);
}

// issue 25 item 1 (f): every field and helper is `#private` and the instance and its prototype are
// frozen: a script that reaches the controller (through Lit's list of controllers) can neither read
// nor swap its checks. The element keeps it in a `#private` field too.
export class WatermarkController implements ReactiveController {
  readonly #host: PlayerHost;
  readonly #options: WatermarkControllerOptions;
  readonly #clock: IntervalClock;
  /** The viewer id the last render drew, or null (no watermark). */
  #viewerId: string | null = null;
  #mark: Mark | null = null;
  #connected = false;
  #armed = false;
  #interval: TimerHandle = null;
  #cornerTimer: TimerHandle = null;
  #observer: MutationObserver | null = null;
  #occlusion: IntersectionObserver | null = null;
  /** Cells the browser last reported occluded (see `#watchOcclusion`). */
  readonly #occluded = new Set<Element>();
  #media: HTMLMediaElement | null = null;
  /** The media has shown the first picture of its source (`loadeddata`, until the next `emptied`). */
  #pictureShown = false;
  #videoPlace: VideoPlace | null = null;
  #pictureInPicture = false;
  /** When the current viewer's watermark started (epoch ms): the corner clock. */
  #startedAtMs: number | null = null;
  #corner: WatermarkCorner | null = null;
  /** The adopted stylesheets of the player's shadow root when the checks started. */
  #ownSheets: readonly CSSStyleSheet[] = [];
  /** A finding waiting for its confirming check. */
  #pending: { reason: TamperReason; count: number } | null = null;
  /** Periodic checks in a row that found the watermark out of sight while the film played. */
  #outOfSight = 0;
  /** The film was paused because its watermark was out of sight, and it is still out of sight. */
  #heldPaused = false;
  #tampered: S72Error | null = null;
  #guarding = false;
  #frameRequest: number | null = null;
  /** The host's `report`, taken when the checks first start (a later swap does not silence them). */
  #report: ((error: S72Error) => void) | null = null;

  constructor(host: PlayerHost, options: WatermarkControllerOptions) {
    this.#host = host;
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    controllers.set(host, this);
    host.addController(this);
    Object.freeze(this);
  }

  /** The viewer id drawn now, or null when there is no watermark. */
  get drawnViewerId(): string | null {
    return this.#mark ? this.#viewerId : null;
  }

  /** The corner the watermark is in now, or null when there is none. */
  get currentCorner(): WatermarkCorner | null {
    return this.#mark ? this.#corner : null;
  }

  /** The watermark error that destroyed the player, or null. */
  get tamperError(): S72Error | null {
    return this.#tampered;
  }

  /** The player's render slot: the watermark box, or nothing without a viewer id. */
  render(): unknown {
    this.#viewerId = viewerIdOf(this.#host.playSession);
    if (!this.#viewerId) return nothing;
    return html`<div aria-hidden="true" ${ref(this.#mount)}></div>`;
  }

  hostConnected(): void {
    this.#connected = true;
    this.#sync();
  }

  hostUpdated(): void {
    this.#sync();
  }

  hostDisconnected(): void {
    // Lit calls this once the element has left the document; a script calling it does nothing.
    if (this.#host.isConnected) return;
    this.#connected = false;
    this.#disarm();
  }

  /** Brings the checks in line with the render: armed while connected with a drawn viewer id. */
  #sync(): void {
    const mark = this.#mark;
    if (!this.#viewerId || !mark || !this.#connected || this.#tampered) {
      this.#disarm();
      if (!this.#viewerId) this.#startedAtMs = null;
      return;
    }
    if (mark.text.textContent !== this.#viewerId) {
      mark.text.textContent = this.#viewerId;
      this.#startedAtMs = null; // another viewer: the corners start over
    }
    if (this.#media !== (this.#host.store.owners.media ?? null)) this.#listenToMedia();
    if (!this.#armed) this.#arm();
  }

  readonly #mount = (element: Element | undefined): void => {
    if (!(element instanceof HTMLElement) || element === this.#mark?.box) return;
    this.#disarm();
    const root = element.attachShadow({ mode: 'closed' });
    const base = new CSSStyleSheet();
    base.replaceSync(BASE_CSS);
    const corner = new CSSStyleSheet();
    const probe = new CSSStyleSheet();
    probe.replaceSync(PROBE_CSS);
    root.adoptedStyleSheets = [base, corner];
    const text = element.ownerDocument.createElement('span');
    const cells = Array.from({ length: GRID_COLUMNS * GRID_ROWS }, () => element.ownerDocument.createElement('i'));
    root.append(text, ...cells);
    // The parent is known once Lit has put the box in place (see `#arm`).
    this.#mark = { box: element, parent: null, root, text, cells, base, corner, probe };
  };

  #arm(): void {
    const mark = this.#mark;
    const shadow = this.#host.shadowRoot;
    if (!mark || !shadow) return;
    this.#armed = true;
    this.#pending = null;
    this.#outOfSight = 0;
    this.#report ??= this.#host.report;
    if (!mark.parent && mark.box.getRootNode() === shadow) mark.parent = mark.box.parentNode;
    this.#startedAtMs ??= this.#clock.now();
    this.#ownSheets = [...shadow.adoptedStyleSheets];
    this.#placeCorner();
    this.#observer = new MutationObserver(this.#onMutations);
    this.#observer.observe(shadow, { childList: true, subtree: true, attributes: true });
    this.#observer.observe(this.#host, { attributes: true });
    this.#watchOcclusion(mark);
    this.#interval = this.#clock.setInterval(() => this.#check('interval'), WATERMARK_CHECK_INTERVAL_MS);
    // issue 23: the first check at the next animation frame, not here. Armed in the player's first
    // update, before its surfaces have rendered, a check now would force a style and layout pass
    // that their renders throw away; at the frame it reads the layout the first paint uses anyway.
    // The watermark itself is already in place (rendered, its text set in this same update).
    // While a source is starting, that check waits for its first picture (`#onPicture`).
    if (!this.#awaitingPicture()) this.#checkNextFrame();
  }

  #disarm(): void {
    if (!this.#armed) return;
    this.#armed = false;
    this.#observer?.disconnect();
    this.#observer = null;
    this.#occlusion?.disconnect();
    this.#occlusion = null;
    this.#occluded.clear();
    this.#clock.clearInterval(this.#interval);
    this.#interval = null;
    if (this.#frameRequest !== null) cancelAnimationFrame(this.#frameRequest);
    this.#frameRequest = null;
    this.#clock.clearTimeout(this.#cornerTimer);
    this.#cornerTimer = null;
  }

  // issue 25 item 1 (e), "the admitted pointer-events:none overlay"
  /**
   * Hit tests cannot see an element that lets clicks through (`pointer-events: none`), and
   * `elementsFromPoint` skips it too. Where the browser reports occlusion itself
   * (IntersectionObserver v2, `trackVisibility`: whether anything is painted over a target), each
   * cell of the grid over the id is watched, and the cells reported covered count in the next check.
   * The browser computes it at most every 250 ms, off the checks' path.
   */
  #watchOcclusion(mark: Mark): void {
    if (!occlusionReported) return;
    this.#occlusion = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting && !(entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible) this.#occluded.add(entry.target);
          else this.#occluded.delete(entry.target);
        }
      },
      { trackVisibility: true, delay: 250 } as IntersectionObserverInit,
    );
    for (const cell of mark.cells) this.#occlusion.observe(cell);
  }

  /** Puts the watermark in the corner for now and plans the next move. */
  #placeCorner(): void {
    const mark = this.#mark;
    if (!mark || !this.#armed || this.#startedAtMs === null) return;
    const elapsedMs = this.#clock.now() - this.#startedAtMs;
    const corner = cornerAt(elapsedMs);
    if (corner !== this.#corner || mark.corner.cssRules.length === 0) {
      this.#corner = corner;
      mark.corner.replaceSync(CORNER_CSS[corner]);
    }
    this.#clock.clearTimeout(this.#cornerTimer);
    this.#cornerTimer = this.#clock.setTimeout(() => {
      this.#cornerTimer = null;
      this.#placeCorner();
    }, msUntilNextCorner(elapsedMs));
  }

  #listenToMedia(): void {
    const previous = this.#media;
    previous?.removeEventListener('enterpictureinpicture', this.#onPictureInPicture);
    previous?.removeEventListener('leavepictureinpicture', this.#onPictureInPicture);
    previous?.removeEventListener('play', this.#onPlay);
    previous?.removeEventListener('loadeddata', this.#onPicture);
    previous?.removeEventListener('emptied', this.#onPicture);
    const media = (this.#media = this.#host.store.owners.media ?? null);
    this.#pictureShown = hasPicture(media);
    // issue 25 item 1 (a): where the player put it, to be found there at every check.
    this.#videoPlace = media && media.getRootNode() === this.#host.shadowRoot ? { media, parent: media.parentNode } : null;
    if (!media) return;
    // The picture-in-picture window would show the video without the watermark.
    if ('disablePictureInPicture' in media) (media as HTMLVideoElement).disablePictureInPicture = true;
    media.addEventListener('enterpictureinpicture', this.#onPictureInPicture);
    media.addEventListener('leavepictureinpicture', this.#onPictureInPicture);
    media.addEventListener('play', this.#onPlay);
    media.addEventListener('loadeddata', this.#onPicture);
    media.addEventListener('emptied', this.#onPicture);
  }

  // issue 23 (the watermark's checks at start-up, cheap)
  /**
   * Whether a source is starting and has no picture yet: then nothing of the film shows, and a
   * check at every frame of the start-up renders (a forced style and layout of the whole page each)
   * measured 100–150 ms before the play page's first frame, which came ~200 ms later for it. The
   * 0.5-s checks and the checks on changes to the watermark, the video, the styles and the host
   * still run; the first picture is checked at its frame.
   */
  #awaitingPicture(): boolean {
    return !this.#pictureShown && (this.#options.loadingSource?.() ?? false);
  }

  readonly #onPicture = (event: Event): void => {
    this.#pictureShown = event.type === 'loadeddata';
    if (this.#pictureShown) this.#checkNextFrame();
  };

  readonly #onPictureInPicture = (event: Event): void => {
    this.#pictureInPicture = event.type === 'enterpictureinpicture';
    if (this.#pictureInPicture) this.#check('event');
  };

  /** issue 25 item 1 (d): while the watermark stays out of sight, the film does not start again. */
  readonly #onPlay = (): void => {
    if (this.#heldPaused) this.#check('event');
  };

  // issue 12
  /**
   * A change to the watermark, its ancestors, the host's attributes, the video's attributes or the
   * shadow root's styles is checked at once; any other node added or removed in the shadow root
   * (Lit rendering the controls, a script adding a cover) is checked at the next animation frame,
   * once per frame: a check reads computed styles and boxes (a forced style and layout), and at
   * start-up Lit's renders would otherwise force one per mutation batch (40 ms of the play page's start).
   */
  readonly #onMutations = (records: MutationRecord[]): void => {
    const mark = this.#mark;
    if (!this.#armed || !mark) return;
    const box = mark.box;
    const video = this.#videoPlace?.media;
    const touches = (nodes: NodeList) =>
      Array.prototype.some.call(
        nodes,
        (node: Node) => node === box || node.contains(box) || (video !== undefined && (node === video || node.contains(video))) || node instanceof HTMLStyleElement || node instanceof HTMLLinkElement,
      );
    let now = false;
    let soon = false;
    for (const record of records) {
      if (record.type === 'childList') {
        if (touches(record.removedNodes) || touches(record.addedNodes)) now = true;
        else soon = true;
      } else if (record.target === this.#host) {
        if (!PLAYER_REFLECTED.has(record.attributeName ?? '')) now = true;
      } else if (record.target === box || record.target === video || (record.target instanceof Node && record.target.contains(box))) {
        // Lit's own bindings change attributes of the player's surfaces; only the watermark box,
        // the elements around it and the video matter.
        now = true;
      }
    }
    if (now) this.#check('event');
    else if (soon && !this.#awaitingPicture()) this.#checkNextFrame();
  };

  #checkNextFrame(): void {
    if (!this.#armed || this.#frameRequest !== null) return;
    this.#frameRequest = requestAnimationFrame(() => {
      this.#frameRequest = null;
      this.#check('event');
    });
  }

  /** Takes a snapshot and acts on the first rule broken. Findings that need confirming count on periodic checks only. */
  #check(source: 'interval' | 'event'): void {
    if (!this.#armed || !this.#mark || this.#tampered) return;
    // issue 23 (the watermark's checks at start-up, cheap): covering and clipping, the hit test's
    // findings, count only on periodic checks (they need confirming), so a check on an event does
    // not hit test; Lit's first renders would otherwise pay for it at every frame before the first.
    const snapshot = this.#snapshot(this.#mark, source === 'interval');
    const found = findTampering(snapshot);
    if (!found) {
      if (source === 'interval') this.#pending = null;
      this.#holdOutOfSight(snapshot, source);
      return;
    }
    if (found.confirmChecks > 1) {
      if (source !== 'interval') return;
      const count = this.#pending?.reason === found.reason ? this.#pending.count + 1 : 1;
      this.#pending = { reason: found.reason, count };
      if (count < found.confirmChecks) return;
    }
    this.#tamper(found);
  }

  // issue 25 item 1 (d)
  /**
   * A film playing with its watermark out of sight (scrolled away, parked off-screen and drawn
   * elsewhere) pauses after two periodic checks in a row (a page scrolling past is not stopped at
   * once), and is paused again at once if it starts while still out of sight.
   */
  #holdOutOfSight(snapshot: WatermarkSnapshot, source: 'interval' | 'event'): void {
    if (snapshot.markOnScreen || !snapshot.playerRendered) {
      this.#outOfSight = 0;
      this.#heldPaused = false;
      return;
    }
    if (!mustPause(snapshot)) return;
    if (!this.#heldPaused) {
      if (source !== 'interval') return;
      this.#outOfSight += 1;
      if (this.#outOfSight < 2) return;
      this.#heldPaused = true;
    }
    const media = this.#host.store.owners.media;
    if (media) pauseMedia?.call(media);
  }

  /** The snapshot a check reads; `hitTest`: whether to look for covering (hit tests) too. */
  #snapshot(mark: Mark, hitTest: boolean): WatermarkSnapshot {
    const host = this.#host;
    const shadow = host.shadowRoot;
    const mounted = Boolean(shadow) && mark.box.isConnected && mark.box.parentNode === mark.parent && mark.box.getRootNode() === shadow;
    const markStyle = readStyle(getComputedStyle(mark.box));
    const textStyle = readStyle(getComputedStyle(mark.text));
    const media = host.store.owners.media ?? null;
    const playing = Boolean(media && !media.paused && !media.ended);
    const place = this.#videoPlace;
    const videoInPlace =
      !media ||
      !place ||
      (place.media === media &&
        media.isConnected &&
        media.parentNode === place.parent &&
        media.getRootNode() === shadow &&
        !inTopLayer(media));
    const playerRendered = host.checkVisibility();
    const around = surroundings(host);
    const playerVisible =
      playerRendered &&
      host.checkVisibility({ opacityProperty: true, visibilityProperty: true, checkOpacity: true, checkVisibilityCSS: true }) &&
      around.opacity >= 0.1;
    const playerBox = toBox(host.getBoundingClientRect());
    const markBox = toBox(mark.text.getBoundingClientRect());
    const between = stylesBetween(mark.box, host);
    const stylesheets = shadow
      ? shadow.querySelectorAll('style, link[rel~="stylesheet" i]').length +
        shadow.adoptedStyleSheets.filter((sheet) => !this.#ownSheets.includes(sheet)).length
      : 0;
    const view = host.ownerDocument.defaultView;
    const viewport: Box = { left: 0, top: 0, width: view?.innerWidth ?? 0, height: view?.innerHeight ?? 0 };
    const cropped = around.croppers.reduce(intersect, EVERYWHERE);
    const shown = [...around.scrollers, cropped].reduce(intersect, viewport);
    const cropper = around.croppers.length > 0 && !inside(markBox, cropped) ? around.cropperNames : null;
    const snapshot: WatermarkSnapshot = {
      mounted,
      text: mark.text.isConnected ? mark.text.textContent : null,
      expectedText: this.#viewerId ?? '',
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
      pictureInPicture: this.#pictureInPicture,
      coveredBy: null,
      videoInPlace,
      pageEffect: around.effect,
      markCropped: cropper ? `the watermark is cut away by ${cropper}` : null,
      playerOnScreen: intersect(playerBox, shown).width > 0 && intersect(playerBox, shown).height > 0,
      markOnScreen: inside(markBox, shown),
    };
    // Covering is looked for only once everything else is intact and the watermark is on screen.
    if (hitTest && findTampering(snapshot) === null && playerRendered && markBox.width > 0 && markBox.height > 0) {
      const hits = this.#hitTest(mark, markBox, shown, around.distorted);
      return { ...snapshot, coveredBy: hits.coveredBy, markCropped: snapshot.markCropped ?? (hits.clipped ? 'the watermark is clipped away (clip-path)' : null) };
    }
    return snapshot;
  }

  /**
   * What is on top of the watermark, or null. Its box is cut into a grid of 4 × 2 cells, and each
   * check tests one point at a random place in each cell (issue 25 item 1 (e): a comb of elements
   * cannot leave its gaps where the points are); at each level from the document down to the
   * player's shadow root, the element hit must be the next host on the way to the watermark. A cell
   * also counts as covered when the browser reports something painted over it (see
   * `#watchOcclusion`; not while an opacity, filter or transform around the player makes every cell
   * look covered to it). It counts as covered when most of the cells checked are (so a page's
   * button grazing the edge of the id, like the play page's Skip button near the bottom end corner,
   * is not tampering). A point where the hit falls through to an element around the watermark (a
   * `clip-path` cuts the player there) marks it clipped: cropped while the film plays (issue 25
   * item 1 (c)). Cells outside where the player can be seen (the viewport and its clipping
   * ancestors' boxes: scrolled away, not covered) are skipped; a point where nothing is hit too.
   */
  #hitTest(mark: Mark, box: Box, shown: Box, distorted: boolean): { coveredBy: string | null; clipped: boolean } {
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
        return { coveredBy: null, clipped: false };
      }
    }
    const cellWidth = box.width / GRID_COLUMNS;
    const cellHeight = box.height / GRID_ROWS;
    mark.root.adoptedStyleSheets = [mark.base, mark.corner, mark.probe];
    try {
      let checked = 0;
      const covering = new Set<string>();
      let covered = 0;
      let clipped = false;
      for (let index = 0; index < GRID_COLUMNS * GRID_ROWS; index++) {
        const column = index % GRID_COLUMNS;
        const row = Math.floor(index / GRID_COLUMNS);
        // A random point in the cell's inner 80 % (clear of its edges).
        const x = box.left + cellWidth * (column + 0.1 + 0.8 * Math.random());
        const y = box.top + cellHeight * (row + 0.1 + 0.8 * Math.random());
        if (x < shown.left || y < shown.top || x >= shown.left + shown.width || y >= shown.top + shown.height) continue;
        checked++;
        let hitBy: string | null = null;
        for (const [root, expected] of chain) {
          const hit = root.elementFromPoint(x, y);
          if (hit === null) break;
          if (hit !== expected) {
            hitBy = `<${hit.localName}>`;
            // Falling through to an element around the watermark: the player (or the watermark's
            // wrapper) is clipped there (a clip-path): cropped, not covered.
            if (hit.contains(expected)) clipped = true;
            break;
          }
        }
        if (!hitBy && !distorted && this.#occluded.has(mark.cells[index]!)) hitBy = 'an element that lets clicks through';
        if (hitBy) {
          covered++;
          covering.add(hitBy);
        }
      }
      return { coveredBy: checked > 0 && covered * 2 > checked ? [...covering].join(', ') : null, clipped };
    } finally {
      mark.root.adoptedStyleSheets = [mark.base, mark.corner];
    }
  }

  // player-and-client §8
  /** Destroys the player and reports `watermark_tampered`. */
  #tamper(found: Tampering): void {
    const error = watermarkTampered(found.reason, found.detail);
    this.#tampered = error;
    this.#disarm();
    this.#stopPlayback();
    (this.#report ?? this.#host.report).call(this.#host, error);
    // The player stays destroyed: a load started later is stopped and the error put back.
    this.#host.store.subscribe((state) => {
      if (this.#guarding || !(state.loaded || state.error !== error || this.#host.store.owners.engine)) return;
      this.#guarding = true;
      queueMicrotask(() => {
        this.#guarding = false;
        if (this.#host.store.owners.engine || this.#host.store.getState().loaded) this.#stopPlayback();
        if (this.#host.store.getState().error !== error) this.#host.store.setSession({ error });
      });
    });
  }

  #stopPlayback(): void {
    const media = this.#host.store.owners.media;
    if (media) pauseMedia?.call(media);
    this.#options.destroy();
  }
}
Object.freeze(WatermarkController.prototype);

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

/** In the top layer on its own: a shown popover, a modal dialog, the fullscreen element. */
function inTopLayer(element: Element): boolean {
  try {
    return element.matches(':popover-open, :modal, :fullscreen');
  } catch {
    return element.matches(':fullscreen');
  }
}

/** What the page does to the player from around it (`surroundings`). */
interface Surroundings {
  /** The product of the opacities (and `opacity()` filters) of the player and every element around it. */
  readonly opacity: number;
  /** A mask or an SVG filter on the player or around it, described, or null. */
  readonly effect: string | null;
  /** Boxes that clip the player and do not scroll (`overflow: hidden`/`clip`, paint containment). */
  readonly croppers: readonly Box[];
  /** Their tag names, for the error's detail. */
  readonly cropperNames: string;
  /** Boxes of scrolling elements that clip the player (`overflow: auto`/`scroll`). */
  readonly scrollers: readonly Box[];
  /** An opacity under 1, a filter or a transform other than a move around the player: the browser's occlusion report cannot be used. */
  readonly distorted: boolean;
}

/** The padding box of a clipping element (what its overflow clip keeps), scroll bars excluded. */
function clipBox(element: Element): Box {
  const rect = element.getBoundingClientRect();
  return { left: rect.left + element.clientLeft, top: rect.top + element.clientTop, width: element.clientWidth, height: element.clientHeight };
}

/** A box larger than any page (finite: `Infinity - Infinity` would make the intersections NaN). */
const EVERYWHERE: Box = { left: -1e9, top: -1e9, width: 2e9, height: 2e9 };

const MOVE_ONLY = /^matrix\(1, 0, 0, 1, [^,]+, [^,]+\)$/;

// issue 25 item 1 (b), (c)
/**
 * One walk up the flat tree from the player to the document (or to the element the top layer
 * renders it from: a fullscreen player is drawn without its ancestors' effects and clips): what
 * every element around the player does to it. Masks (`mask-image`, `mask-border-source`) and SVG
 * `url()` filters can cut holes anywhere and hit tests go through them: each is tampering. Other
 * filter functions change the whole picture alike (the id stays as legible as the film), and
 * `backdrop-filter` on an element filters what lies behind it, not the player inside it: neither is
 * a rule. `clip-path` is left to the hit tests, which it clips. Opacity multiplies. An element
 * clips the player only if it is on the player's containing-block chain (an absolutely or fixed
 * positioned player escapes the overflow of elements that do not contain it); `<html>` and
 * `<body>` clip to the viewport, which is measured on its own. One computed-style read per
 * ancestor, a box read per clipping one: no writes, so no layout beyond the one the check already needs.
 */
function surroundings(host: HTMLElement): Surroundings {
  let opacity = 1;
  let effect: string | null = null;
  let distorted = false;
  const croppers: Box[] = [];
  const names: string[] = [];
  const scrollers: Box[] = [];
  const documentElement = host.ownerDocument.documentElement;
  const body = host.ownerDocument.body;
  /** How the element whose clipping ancestors are looked for now is positioned. */
  let mode: 'flow' | 'absolute' | 'fixed' = 'flow';
  for (let node: Element | null = host; node; node = parentOf(node)) {
    const style = getComputedStyle(node);
    opacity *= Number.parseFloat(style.opacity) || 0;
    const filter = style.filter;
    const mask = [style.getPropertyValue('mask-image'), style.getPropertyValue('-webkit-mask-image'), style.getPropertyValue('mask-border-source'), style.getPropertyValue('-webkit-mask-box-image-source')];
    if (!effect && mask.some((value) => value !== '' && value !== 'none')) effect = `a mask on <${node.localName}>`;
    if (!effect && filter.includes('url(')) effect = `an SVG filter on <${node.localName}>`;
    for (const match of filter.matchAll(/opacity\(([\d.]+)(%?)\)/g)) opacity *= match[2] ? Number(match[1]) / 100 : Number(match[1]);
    const transformed = style.transform !== 'none' || style.translate !== 'none' || style.scale !== 'none' || style.rotate !== 'none';
    if (node !== host) {
      if (opacity < 1 || filter !== 'none' || (transformed && !(MOVE_ONLY.test(style.transform) && style.scale === 'none' && style.rotate === 'none'))) distorted = true;
      const containsFixed =
        transformed ||
        style.perspective !== 'none' ||
        filter !== 'none' ||
        style.backdropFilter !== 'none' ||
        /\b(paint|layout|strict|content)\b/.test(style.contain) ||
        /\b(transform|perspective|filter)\b/.test(style.willChange);
      const containing = mode === 'flow' || (mode === 'absolute' && (containsFixed || style.position !== 'static')) || (mode === 'fixed' && containsFixed);
      if (containing) {
        const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible' || /\b(paint|content|strict)\b/.test(style.contain);
        if (clips && node !== documentElement && node !== body) {
          const scrolls = /auto|scroll/.test(style.overflowX) || /auto|scroll/.test(style.overflowY);
          if (scrolls) scrollers.push(clipBox(node));
          else {
            croppers.push(clipBox(node));
            names.push(`<${node.localName}>`);
          }
        }
      }
      if (containing) mode = style.position === 'fixed' ? 'fixed' : style.position === 'absolute' ? 'absolute' : 'flow';
    } else {
      mode = style.position === 'fixed' ? 'fixed' : style.position === 'absolute' ? 'absolute' : 'flow';
    }
    // The top layer draws this element on its own: nothing above it applies.
    if (inTopLayer(node)) break;
  }
  return { opacity, effect, croppers, cropperNames: [...new Set(names)].join(', '), scrollers, distorted };
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

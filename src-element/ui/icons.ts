/**
 * Control icons: Lit templates (`svg` for the shapes) built from the Lucide icon set's data (ISC licence), so they
 * render on the server as well as in the browser and never go through an HTML string. Every icon sits in a named slot, so an embedder can replace it
 * (`<span slot="play">▶</span>` inside `<s72-player>`), as media-chrome does.
 */
import { html, svg, nothing, type SVGTemplateResult, type TemplateResult } from 'lit';
import {
  ArrowLeft,
  Captions,
  Check,
  ChevronLeft,
  ChevronRight,
  FastForward,
  Maximize,
  Minimize,
  Pause,
  Play,
  Rewind,
  RotateCcw,
  Settings,
  Volume2,
  VolumeX,
  X,
} from 'lucide';

/**
 * An icon's shape data: its SVG children as `[tag, attributes]` pairs (Lucide's format, declared
 * here so the published types do not depend on the icon package, which is bundled, not a dependency).
 */
export type IconNode = [tag: string, attrs: Record<string, string | number | undefined>][];

/** The slot name of each control icon (the name an embedder uses to replace it). */
export type IconName =
  | 'play'
  | 'pause'
  | 'volume'
  | 'muted'
  | 'enter-fullscreen'
  | 'exit-fullscreen'
  | 'retry'
  | 'settings'
  | 'captions'
  | 'check'
  | 'submenu-open'
  | 'submenu-back'
  | 'back'
  | 'close'
  | 'seek-back'
  | 'seek-forward';

/** The icons by slot name; the slot name is the one an embedder uses to replace the icon. */
export const ICONS: Readonly<Record<IconName, IconNode>> = {
  play: Play,
  pause: Pause,
  volume: Volume2,
  muted: VolumeX,
  'enter-fullscreen': Maximize,
  'exit-fullscreen': Minimize,
  retry: RotateCcw,
  /** The settings menu button. */
  settings: Settings,
  /** The captions (subtitles) entry of the settings menu. */
  captions: Captions,
  /** The chosen item of a menu. */
  check: Check,
  /** Submenu: opens (mirrored under RTL by the menu). */
  'submenu-open': ChevronRight,
  /** Submenu: back to the main view. */
  'submenu-back': ChevronLeft,
  /** The title bar's back button. */
  back: ArrowLeft,
  /** Closes the end screen or the stats overlay. */
  close: X,
  /** Touch double-tap seek indicators. */
  'seek-back': Rewind,
  'seek-forward': FastForward,
};
export const ICON_NAMES = Object.keys(ICONS) as IconName[];

type Attributes = Record<string, string | number | undefined>;
const attr = (attributes: Attributes, name: string) => attributes[name] ?? nothing;

/** One child of a Lucide icon node; the tags and attributes Lucide uses, each as a static template. */
function child([tag, a]: readonly [string, Attributes]): SVGTemplateResult {
  switch (tag) {
    case 'path':
      return svg`<path d=${attr(a, 'd')}></path>`;
    case 'circle':
      return svg`<circle cx=${attr(a, 'cx')} cy=${attr(a, 'cy')} r=${attr(a, 'r')} fill=${attr(a, 'fill')}></circle>`;
    case 'ellipse':
      return svg`<ellipse cx=${attr(a, 'cx')} cy=${attr(a, 'cy')} rx=${attr(a, 'rx')} ry=${attr(a, 'ry')}></ellipse>`;
    case 'rect':
      return svg`<rect x=${attr(a, 'x')} y=${attr(a, 'y')} width=${attr(a, 'width')} height=${attr(a, 'height')}
        rx=${attr(a, 'rx')} ry=${attr(a, 'ry')}></rect>`;
    case 'line':
      return svg`<line x1=${attr(a, 'x1')} y1=${attr(a, 'y1')} x2=${attr(a, 'x2')} y2=${attr(a, 'y2')}></line>`;
    case 'polyline':
      return svg`<polyline points=${attr(a, 'points')}></polyline>`;
    case 'polygon':
      return svg`<polygon points=${attr(a, 'points')}></polygon>`;
    default:
      return svg``;
  }
}

const cache = new Map<IconName, TemplateResult>();

/** An icon outside the slot table (the cast and AirPlay surfaces' own), drawn like {@link icon}. */
export function iconOf(node: IconNode): TemplateResult {
  return html`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none"
    stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"
    focusable="false">${(node as unknown as ReadonlyArray<readonly [string, Attributes]>).map(child)}</svg>`;
}

/** The icon as an inline SVG template (24×24, stroked with `currentColor`, hidden from assistive tech). */
export function icon(name: IconName): TemplateResult {
  let template = cache.get(name);
  if (!template) {
    const node = ICONS[name] as unknown as ReadonlyArray<readonly [string, Attributes]>;
    // The outer <svg> is HTML (Lit's `svg` tag is for what goes inside it).
    template = html`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none"
      stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"
      focusable="false">${node.map(child)}</svg>`;
    cache.set(name, template);
  }
  return template;
}

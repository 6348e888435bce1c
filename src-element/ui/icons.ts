/**
 * Control icons from the Lucide set, rendered as SVG nodes (no HTML strings: DESIGN.md security
 * rules). One node per icon per control instance, so re-renders reuse it.
 */
import { createElement, Maximize, Minimize, Pause, Play, RotateCcw, Volume2, VolumeX, type IconNode } from 'lucide';

export const icons = { play: Play, pause: Pause, volume: Volume2, muted: VolumeX, enterFullscreen: Maximize, exitFullscreen: Minimize, retry: RotateCcw } as const;
export type IconName = keyof typeof icons;

/** A per-instance cache of icon nodes. */
export class IconSet {
  private readonly nodes = new Map<IconName, SVGElement>();

  get(name: IconName): SVGElement {
    let node = this.nodes.get(name);
    if (!node) {
      node = createElement(icons[name] as IconNode, { 'aria-hidden': 'true', focusable: 'false', width: 24, height: 24 });
      this.nodes.set(name, node);
    }
    return node;
  }
}

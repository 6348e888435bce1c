// issue 22 (what a cover covers is inert; the focus stays in the player, WCAG 2.4.3)
/**
 * What covers the player's controls now (an ad break, the end screen with suggestions, or nothing),
 * and the keyboard focus when a cover comes or goes while the focus is inside the player: what is
 * covered turns `inert`, which drops the focus, so it moves onto the ad's play/pause button, the
 * end screen's main suggestion, or back to the player's first control (the host delegates focus).
 */
import type { ReactiveController } from 'lit';
import type { PlayerState } from '../core/player-store.js';
import type { PlayerHost } from './player-host.js';

/** What covers the player's controls: an ad break, the end screen, or nothing. */
export type Cover = 'ad' | 'end-screen' | null;

/** The cover of a player state: an ad break first, then the end screen when it has suggestions. */
export function coverOf(state: PlayerState): Cover {
  if (state.adBreak) return 'ad';
  return state.endScreen && state.suggestions.length > 0 ? 'end-screen' : null;
}

export class CoverFocusController implements ReactiveController {
  private cover: Cover = null;
  /** A focus move asked for by the last cover change, made once the host has rendered it. */
  private move: { to: Cover } | null = null;

  constructor(private readonly host: PlayerHost) {
    host.addController(this);
  }

  /**
   * Takes each new state before any surface re-renders for it: whether the focus is inside the
   * player is read now, while the surface that had it is not inert yet.
   */
  track(state: PlayerState): void {
    const cover = coverOf(state);
    if (cover === this.cover) return;
    if (this.host.matches(':focus-within')) this.move = { to: cover };
    this.cover = cover;
  }

  hostUpdated(): void {
    const move = this.move;
    this.move = null;
    if (move) void this.moveFocus(move.to);
  }

  private async moveFocus(to: Cover): Promise<void> {
    const root = this.host.shadowRoot;
    const overlay = root?.querySelector('s72-ad-overlay');
    const endScreen = root?.querySelector('s72-end-screen');
    await Promise.all([overlay?.updateComplete, endScreen?.updateComplete]);
    if (to !== coverOf(this.host.store.getState())) return;
    if (to === 'ad') overlay?.focusControls();
    else if (to === 'end-screen') {
      if (!endScreen?.matches(':focus-within')) endScreen?.focusMain();
    } else if (!this.host.matches(':focus-within')) this.host.focus();
  }
}

// DESIGN.md "Inside the player"
/**
 * What the controllers need from the element that hosts them. The
 * interface, not the `S72Player` class, so each controller can be started and stopped on a small
 * test host (lit `reactive-controller.ts`: "the host only needs to implement ReactiveControllerHost").
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { S72Error } from '../core/errors.js';
import type { PlayerStore } from '../core/player-store.js';
import type { PlaySession } from '../core/session/play-session.js';
import type { S72PlayerConfig } from '../core/types.js';

export interface PlayerHost extends ReactiveControllerHost, HTMLElement {
  /** The state store; its `owners.media` is the `<video>` once rendered. */
  readonly store: PlayerStore;
  /** The player configuration in force (never null: invalid input is replaced by `{}`). */
  readonly effectiveConfig: S72PlayerConfig;
  /** The play token in force (`x-play-session` of heartbeat, telemetry, live status), or null. */
  readonly playToken: string | null;
  // player-and-client §3 "Content" session
  /** The playback session every consumer reads: the token in force with its fields (`core/session/play-session.ts`). */
  readonly playSession: PlaySession;
  /** Reports an error: `s72-error`, and the error panel when critical. Each error once. */
  report(error: S72Error): void;
}

/**
 * Listeners added to one target at a time and removed together (shaka `util/event_manager.js`):
 * `attach()` to a new target drops the old target's listeners first.
 */
export class Listeners {
  private controller: AbortController | null = null;
  private target: EventTarget | null = null;

  /** The target listened to now, or null. */
  get current(): EventTarget | null {
    return this.target;
  }

  attach(target: EventTarget | null | undefined, listeners: Record<string, (event: Event) => void>): void {
    this.detach();
    if (!target) return;
    this.target = target;
    this.controller = new AbortController();
    for (const [type, listener] of Object.entries(listeners)) {
      target.addEventListener(type, listener, { signal: this.controller.signal });
    }
  }

  detach(): void {
    this.controller?.abort();
    this.controller = null;
    this.target = null;
  }
}

/**
 * Listens to the player's `<video>` from `hostConnected` (or the first render, when the video
 * appears) to `hostDisconnected`, so a controller that needs media events never loses them when the
 * player is moved in the page.
 */
export class MediaListenersController implements ReactiveController {
  private readonly listeners = new Listeners();
  private connected = false;

  constructor(
    private readonly host: PlayerHost,
    private readonly handlers: Record<string, (event: Event) => void>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.attach();
  }

  hostUpdated(): void {
    if (this.connected && this.listeners.current !== this.host.store.owners.media) this.attach();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.listeners.detach();
  }

  private attach(): void {
    this.listeners.attach(this.host.store.owners.media, this.handlers);
  }
}

// DESIGN.md "Inside the player"
/**
 * Re-renders a Lit host when the store keys it reads change, and only then ("the element re-renders only for the keys it reads"). Subscribes on `hostConnected`,
 * unsubscribes on `hostDisconnected`; `setStore()` follows a store that arrives later (context).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { PlayerState, PlayerStateKey, PlayerStore } from '../core/player-store.js';

export class StoreController<K extends PlayerStateKey> implements ReactiveController {
  private store: PlayerStore | null = null;
  private unsubscribe: (() => void) | null = null;
  private connected = false;

  /**
   * @param keys the state keys the host renders from
   * @param onChange called with the new snapshot before the host's update is requested; defaults to
   *   nothing (the host reads `value`)
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly keys: readonly K[],
    private readonly onChange?: (state: PlayerState, changed: ReadonlySet<PlayerStateKey>) => void,
  ) {
    host.addController(this);
  }

  /** The last snapshot, or null before a store is set. */
  get value(): PlayerState | null {
    return this.store?.getState() ?? null;
  }

  /** Follows `store` (null: none). Safe to call on every update. */
  setStore(store: PlayerStore | null): void {
    if (store === this.store) return;
    this.stop();
    this.store = store;
    if (this.connected) this.start();
  }

  hostConnected(): void {
    this.connected = true;
    this.start();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stop();
  }

  private start(): void {
    const store = this.store;
    if (!store || this.unsubscribe) return;
    this.unsubscribe = store.subscribe((state, changed) => {
      if (!this.keys.some((key) => changed.has(key))) return;
      this.onChange?.(state, changed);
      this.host.requestUpdate();
    });
    this.onChange?.(store.getState(), new Set(this.keys));
    this.host.requestUpdate();
  }

  private stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}

// DESIGN.md "Inside the player"
/**
 * The base of every surface inside `<s72-player>`: it consumes the
 * player's context (store + strings, `context.ts`), re-renders only when one of its
 * `static storeKeys` changes, and offers `this.state` and `this.i18n`. Outside a player it renders
 * from the default state (every key's value with no owners) in English, so each surface can be
 * tested on its own by giving it a store: `el.store = createPlayerStore(...)`.
 *
 * Surfaces never touch the `<video>` or the engine: they send request events (`fireRequest`).
 */
import { consume } from '@lit/context';
import { LitElement, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { createTranslator, type Translator } from '../core/i18n/index.js';
import { createPlayerStore, type PlayerState, type PlayerStateKey, type PlayerStore } from '../core/player-store.js';
import { playerContext, type PlayerContextValue } from '../context.js';
import { StoreController } from '../controllers/store-controller.js';

const FALLBACK_STORE = createPlayerStore();

export class PlayerUiElement extends LitElement {
  /** The store keys this surface renders from (subclasses override). */
  static storeKeys: readonly PlayerStateKey[] = [];

  /** The player's store and strings, when inside `<s72-player>`. */
  @consume({ context: playerContext, subscribe: true })
  @state()
  protected player?: PlayerContextValue;

  /** A store to render from outside a player (tests, a custom layout); the context's wins. */
  @property({ attribute: false }) store: PlayerStore | null = null;

  protected readonly fromStore = new StoreController(this, (this.constructor as typeof PlayerUiElement).storeKeys);

  /** The snapshot to render from. */
  protected get state(): PlayerState {
    return (this.player?.store ?? this.store ?? FALLBACK_STORE).getState();
  }

  /** The player's strings (English outside a player). */
  protected get i18n(): Translator {
    return this.player?.i18n ?? createTranslator('en');
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed as Map<PropertyKey, unknown>).has('player') || changed.has('store')) this.fromStore.setStore(this.player?.store ?? this.store);
  }
}

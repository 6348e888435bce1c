// DESIGN.md "Inside the player"
/**
 * What `<s72-player>` gives the UI elements inside it, through `@lit/context`: the state store to render from and the string table to label with.
 * UI elements consume it with `subscribe: true`, render from the store, and only send request
 * events; they never reach up with `closest()` and never touch the `<video>`.
 */
import { createContext } from '@lit/context';
import type { Translator } from './core/i18n/index.js';
import type { PlayerStore } from './core/player-store.js';
import type { ThumbnailLookup } from './core/thumbnails.js';

export interface PlayerContextValue {
  readonly store: PlayerStore;
  /** The player's language (its `lang` attribute, else the document's). */
  readonly i18n: Translator;
  // issue 27 item 1
  /** The seek-preview thumbnail of a moment, through the engine (cached); absent outside a player. */
  readonly thumbnails?: ThumbnailLookup;
}

export const playerContext = createContext<PlayerContextValue>(Symbol('s72-player'));

// DESIGN.md "Inside the player"
/**
 * Every string table built in, for code that must have them all synchronously: the play page (it
 * imports `s72-player/client`) and the table tests. Importing this module also registers them with
 * the shared translators (`index.ts`), so nothing is fetched on demand where it is part of a bundle.
 * `<s72-player>` does not import it: its CDN build fetches the Arabic table only for Arabic.
 */
import { ar } from './ar.js';
import { en } from './en.js';
import { registerStringTable } from './index.js';
import type { Locale, StringTable } from './types.js';

registerStringTable('ar', ar);

/** The tables by language. */
export const STRING_TABLES: Readonly<Record<Locale, StringTable>> = Object.freeze({ en, ar });
export { ar, en };

/**
 * Shapes of the string tables (framework-free core). The English table (`en.ts`) is the reference:
 * its keys are the {@link MessageKey}s, and a table for another language must give every key the
 * same shape (a plain string, or a plural object) — leaving one out is a type error.
 */
import type { en } from './en.js';

/** The languages the player and the play page are translated into. */
export type Locale = 'en' | 'ar';

/** A key of the string tables, e.g. `'player.play'` or `'error.drm_failed.title'`. */
export type MessageKey = keyof typeof en;

/** A plural text: one text per `Intl.PluralRules` category the language uses; `other` is required. */
export type PluralMessage = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

/** Arabic uses all six categories (`Intl.PluralRules('ar')`: 0 zero, 1 one, 2 two, 3–10 few, 11–99 many, 100–102 other). */
export type ArabicPlural = Readonly<Record<Intl.LDMLPluralRule, string>>;

/** A string table whose plural texts have the shape `P`; same keys and shapes as the English table. */
export type StringTable<P extends PluralMessage = PluralMessage> = {
  readonly [K in MessageKey]: (typeof en)[K] extends string ? string : P;
};

/** Values of `{name}` placeholders; numbers are written with Latin digits (`String(n)`). */
export type MessageParams = Readonly<Record<string, string | number>>;

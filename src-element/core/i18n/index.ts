// DESIGN.md "Inside the player"
/**
 * One string table for `<s72-player>` and the play page (`core/i18n/`): English and Arabic texts by key, chosen by a language tag, with
 * `Intl.PluralRules` for counts and for spoken time. Framework-free (no Lit, no React); exported
 * from `s72-player` and `s72-player/client`.
 *
 * - Texts are plain text with `{name}` placeholders, never HTML; render them as text.
 * - Plural texts pick their form with `Intl.PluralRules(locale).select(params.count)`.
 * - Clock times stay Latin digits `h:mm:ss` in both languages, and so do counts in sentences
 *   (see `time.ts`); only the words around them are translated.
 * - Arabic is right to left: `Translator.dir` is `'rtl'`; callers set `dir` on their root.
 * - English is built in; the Arabic table is fetched on demand ({@link loadStringTable}), so a page
 *   in English never downloads it. Until it is there, an Arabic translator gives the English texts.
 *   `s72-player/client` has every table built in (`STRING_TABLES`, `tables.ts`).
 *
 * @example
 * const i18n = createTranslator(resolveLocale(navigator.languages)); // 'ar-EG' → Arabic
 * i18n.t('pin.attemptsLeft', { count: 3 });       // "3 attempts left" / "تتبقّى 3 محاولات"
 * i18n.spokenTime(3905);                           // "1 hour 5 minutes 5 seconds"
 * i18n.errorText('film_not_found').title;          // "Film not found"
 */
import { en } from './en.js';
import { countdownParts, splitSeconds } from './time.js';
import type { Locale, MessageKey, MessageParams, PluralMessage, StringTable } from './types.js';

export type { ArabicPlural, Locale, MessageKey, MessageParams, PluralMessage, StringTable } from './types.js';
export { countdownParts, formatPosition, formatTime, splitSeconds, wholeSeconds, type TimeParts } from './time.js';
export { en } from './en.js';

/** The languages with a table, English first (the fallback). */
export const SUPPORTED_LOCALES: readonly Locale[] = Object.freeze(['en', 'ar'] as const);

/** The tables there now, by language: English always; another once loaded or registered. */
const tables = new Map<Locale, StringTable>([['en', en]]);

/** How each table other than English is fetched (its own chunk in the CDN build). */
const TABLE_LOADERS: Readonly<Record<Exclude<Locale, 'en'>, () => Promise<StringTable>>> = {
  ar: () => import('./ar.js').then((module) => module.ar),
};
const pendingTables = new Map<Locale, Promise<void>>();

/** Makes a table available synchronously (a bundle that ships it; `tables.ts`). */
export function registerStringTable(locale: Locale, table: StringTable): void {
  tables.set(locale, table);
}

/** Whether the table of a language (any tag, resolved by {@link resolveLocale}) is there now. */
export function hasStringTable(locale: string | null | undefined): boolean {
  return tables.has(resolveLocale(locale));
}

/**
 * Fetches the table of a language (any tag, resolved by {@link resolveLocale}) unless it is there;
 * resolves once translators of that language give its texts. Rejects when the download fails (a
 * later call tries again); the translators keep giving the English texts meanwhile.
 */
export function loadStringTable(locale: string | null | undefined): Promise<void> {
  const resolved = resolveLocale(locale);
  if (tables.has(resolved)) return Promise.resolve();
  let pending = pendingTables.get(resolved);
  if (!pending) {
    pending = TABLE_LOADERS[resolved as Exclude<Locale, 'en'>]().then(
      (table) => {
        tables.set(resolved, table);
        pendingTables.delete(resolved);
      },
      (error: unknown) => {
        pendingTables.delete(resolved);
        throw error;
      },
    );
    pendingTables.set(resolved, pending);
  }
  return pending;
}

/** Languages written right to left. */
const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['ar']);

/** The language of one tag (`'ar-EG'`, `'AR_sa'`, `'en'`), or `undefined` when it has no table. */
function localeOf(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/, 1)[0];
  return SUPPORTED_LOCALES.find((locale) => locale === primary);
}

/**
 * The table language for a BCP 47 tag, or the first of a preference list (`navigator.languages`)
 * that has one: `'ar-EG'` → `'ar'`; unknown, empty or missing → `'en'`.
 */
export function resolveLocale(tag: string | null | undefined | readonly string[]): Locale {
  const tags = typeof tag === 'string' ? [tag] : (tag ?? []);
  for (const candidate of tags) {
    if (typeof candidate !== 'string') continue;
    const locale = localeOf(candidate);
    if (locale) return locale;
  }
  return 'en';
}

/** Texts of one language. */
export interface Translator {
  readonly locale: Locale;
  /** Writing direction of the language: set it as `dir` on the root that shows the texts. */
  readonly dir: 'ltr' | 'rtl';
  /**
   * The text of `key` with its `{name}` placeholders filled from `params` (a missing param leaves
   * the placeholder). A plural text picks its form by `params.count` (a number) with
   * `Intl.PluralRules`. An unknown key (from untyped callers) returns the key itself.
   */
  t(key: MessageKey, params?: MessageParams): string;
  /**
   * A duration in words for screen readers (e.g. the seek bar's `aria-valuetext`): "1 hour 5
   * minutes 3 seconds", Arabic "ساعة واحدة و5 دقائق و3 ثوانٍ". Seconds floored; zero units are
   * left out, except "0 seconds" for zero; non-finite or negative input reads as 0.
   */
  spokenTime(seconds: number): string;
  // play-page §8 "Codes shown to users", player-and-client §8
  /**
   * The title and message shown for an error code; an unknown code gets the generic "Something went wrong" text.
   */
  errorText(code: string): { title: string; message: string };
}

/** Codes with their own text in the tables (the others get `error.default.*`). */
export const ERROR_TEXT_CODES: readonly string[] = Object.freeze(
  Object.keys(en)
    .filter((key) => key.startsWith('error.') && key.endsWith('.title') && key !== 'error.default.title')
    .map((key) => key.slice('error.'.length, -'.title'.length)),
);

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills `{name}` placeholders; numbers are written with `String()` (Latin digits). */
function fill(text: string, params: MessageParams | undefined): string {
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

function isMessageKey(table: StringTable, key: string): key is MessageKey {
  return Object.hasOwn(table, key);
}

class TableTranslator implements Translator {
  readonly dir: 'ltr' | 'rtl';
  private readonly plurals: Intl.PluralRules;

  constructor(readonly locale: Locale) {
    this.dir = RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
    this.plurals = new Intl.PluralRules(locale);
  }

  /** The language's table, or English until it is loaded. */
  private get table(): StringTable {
    return tables.get(this.locale) ?? en;
  }

  t(key: MessageKey, params?: MessageParams): string {
    const message: string | PluralMessage | undefined = isMessageKey(this.table, key) ? this.table[key] : undefined;
    if (message === undefined) return String(key);
    if (typeof message === 'string') return fill(message, params);
    const count = Number(params?.['count']);
    const category = Number.isFinite(count) ? this.plurals.select(count) : 'other';
    return fill(message[category] ?? message.other, params);
  }

  spokenTime(seconds: number): string {
    const { totalHours, minutes, seconds: secs } = splitSeconds(seconds);
    const parts: string[] = [];
    if (totalHours) parts.push(this.t('time.hours', { count: totalHours }));
    if (minutes) parts.push(this.t('time.minutes', { count: minutes }));
    if (secs || parts.length === 0) parts.push(this.t('time.seconds', { count: secs }));
    return parts.join(this.t('time.separator'));
  }

  errorText(code: string): { title: string; message: string } {
    const title = `error.${code}.title`;
    const message = `error.${code}.message`;
    if (code !== 'default' && isMessageKey(this.table, title) && isMessageKey(this.table, message)) {
      return { title: this.t(title), message: this.t(message) };
    }
    return { title: this.t('error.default.title'), message: this.t('error.default.message') };
  }
}

const translators = new Map<Locale, Translator>();

/**
 * The translator of a language (a {@link Locale}, or any tag, resolved by {@link resolveLocale});
 * one shared instance per language, so it can be compared by identity. It gives the English texts
 * until the language's table is there (see {@link loadStringTable}).
 */
export function createTranslator(locale: string | null | undefined): Translator {
  const resolved = resolveLocale(locale);
  let translator = translators.get(resolved);
  if (!translator) {
    translator = new TableTranslator(resolved);
    translators.set(resolved, translator);
  }
  return translator;
}

// play-page §2 "coming-soon countdown"
/**
 * A countdown's remaining time in the translator's language, rounded up to the second: `hh:mm:ss`, with the whole days in words in front when
 * there are any ("2 days 00:00:01", "يومان 00:00:01"). Default: English.
 */
export function formatCountdown(remainingMs: number, i18n: Translator = createTranslator('en')): string {
  const { days, clock } = countdownParts(remainingMs);
  return days > 0 ? i18n.t('time.daysAndClock', { days: i18n.t('time.days', { count: days }), clock }) : clock;
}

/**
 * A date and time as the viewer reads it (the countdown's "available at"), epoch ms. English uses
 * the browser's own regional format; Arabic uses Arabic words with Latin digits (`ar-u-nu-latn`),
 * like the clock times.
 */
export function formatDateTime(epochMs: number, locale: Locale): string {
  return new Date(epochMs).toLocaleString(locale === 'ar' ? 'ar-u-nu-latn' : undefined);
}

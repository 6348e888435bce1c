/**
 * The play page's language choice, without React: the entry module (main.ts) and the services read
 * it before React is loaded; `lib/i18n.tsx` re-exports it for the components.
 *
 * The language comes from the play page's optional `lang` query parameter, else from the browser's
 * preferred languages (`navigator.languages`); anything without a table is English.
 */
import { resolveLocale, type Locale } from 's72-player/client';

/** The query parameter that chooses the page's language. */
export const LANG_PARAM = 'lang';

/**
 * The page's language: the `lang` parameter when it names a language with a table, else the first
 * of `languages` (the browser's preferences) that has one, else English.
 */
export function pageLocale(lang: string | null | undefined, languages: readonly string[] | undefined): Locale {
  return resolveLocale([lang ?? '', ...(languages ?? [])]);
}

/** The browser's preferred languages, `[]` where there is no `navigator`. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

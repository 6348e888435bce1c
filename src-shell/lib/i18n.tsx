/**
 * The play page's language (the string table of `s72-player/client`, through React context).
 *
 * The language comes from the play page's optional `lang` query parameter (an addition to
 * play-page §2 "Query parameters", e.g. `#/film/x/x?lang=ar`), else from the browser's preferred
 * languages (`navigator.languages`); anything without a table is English. {@link I18nProvider}
 * sets `<html lang dir>` so the page mirrors under Arabic, and components read texts with
 * {@link useTranslator}. Outside a provider the translator is English (screen tests render without one).
 */
import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { SUPPORTED_LOCALES, createTranslator, hasStringTable, loadStringTable, type Locale, type Translator } from 's72-player/client';

export { LANG_PARAM, browserLanguages, pageLocale } from './locale.js';

const I18nContext = createContext<Translator>(createTranslator('en'));

/** The translator of the page's language (English outside {@link I18nProvider}). */
export function useTranslator(): Translator {
  return useContext(I18nContext);
}

/**
 * The static document title of index.html in any language whose table is loaded, replaced by the
 * page's own. Only the page's language is loaded (the entry starts it, main.ts), so an English page
 * never fetches the Arabic table.
 */
function defaultTitles(): ReadonlySet<string> {
  return new Set(SUPPORTED_LOCALES.filter(hasStringTable).map((locale) => createTranslator(locale).t('page.title')));
}

/** Sets `lang` and `dir` on `<html>`, and the default title in the page's language. */
export function applyDocumentLocale(doc: Document, i18n: Translator): void {
  const root = doc.documentElement;
  if (root.lang !== i18n.locale) root.lang = i18n.locale;
  if (root.dir !== i18n.dir) root.dir = i18n.dir;
  if (defaultTitles().has(doc.title)) doc.title = i18n.t('page.title');
}

export interface I18nProviderProps {
  locale: Locale;
  children?: ReactNode;
}

/**
 * Provides the translator of `locale` to the tree below, and sets `<html lang dir>` (so the layout,
 * written with logical CSS properties, mirrors under Arabic) and the default title. A language whose
 * table is not loaded yet (a `lang` changed in the address) is fetched, and the tree re-renders in
 * it once it is there; English meanwhile, and English if the download fails.
 */
export function I18nProvider({ locale, children }: I18nProviderProps) {
  const [, setLoaded] = useState<Locale | null>(null);
  const ready = hasStringTable(locale);
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadStringTable(locale).then(
      () => {
        if (current) setLoaded(locale);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locale, ready]);
  const i18n = createTranslator(ready ? locale : 'en');
  useLayoutEffect(() => {
    if (typeof document !== 'undefined') applyDocumentLocale(document, i18n);
  }, [i18n]);
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * The season label's word in the page's language, shared by the play flow (the title bar's
 * subtitle) and the end screen (Up next). Pure.
 */
import { configString, type Configuration, type Translator } from 's72-player/client';

/**
 * The word before a season's number, e.g. "Season" in "Season 1". The configuration's
 * `season_name` (play-page §3 "Configuration", §9 "Season name default 'Season'") is the
 * storefront's own word, written in English, so it names seasons on an English page; a page in
 * another language says it in its own (the string table's `item.defaultSeasonName`), never the
 * English word among translated text (issue 22 item 14: "Season 1 · الحلقة 2").
 */
export function seasonName(configuration: Configuration | undefined, i18n: Translator): string {
  const own = i18n.t('item.defaultSeasonName');
  return i18n.locale === 'en' ? configString(configuration ?? {}, 'season_name', own) : own;
}

// issue 23 (code a start does not need loads on demand); player-and-client §8
/**
 * The player's string table on demand: English is built in, another language's table (Arabic) is
 * fetched the first time the element resolves to it. Until it is there the element renders no
 * text-bearing surface (no English flash), only the video; the host updates again once it arrives.
 * A failed download falls back to English for good in this player and is reported once as a
 * recoverable `module_load_failed`; playback is not affected.
 */
import { createTranslator, hasStringTable, loadStringTable, resolveLocale, type Locale, type Translator } from '../core/i18n/index.js';
import { optionalModuleFailed } from './lazy-load.js';
import type { PlayerHost } from './player-host.js';

export class StringTableController {
  /** Languages whose table failed to load: English is shown instead. */
  private readonly failed = new Set<Locale>();
  private readonly loading = new Set<Locale>();

  constructor(private readonly host: PlayerHost) {}

  /**
   * The translator for a language tag (the element's `lang`), or null while its table is being
   * fetched (the fetch starts here; the host updates again when it settles).
   */
  translator(tag: string | null): Translator | null {
    const locale = resolveLocale(tag);
    if (hasStringTable(locale)) return createTranslator(locale);
    if (this.failed.has(locale)) return createTranslator('en');
    if (!this.loading.has(locale)) {
      this.loading.add(locale);
      loadStringTable(locale).then(
        () => this.settled(locale),
        (error: unknown) => {
          this.failed.add(locale);
          this.settled(locale);
          this.host.report(optionalModuleFailed(error, `the ${locale} string table (the controls are shown in English)`, { locale }));
        },
      );
    }
    return null;
  }

  private settled(locale: Locale): void {
    this.loading.delete(locale);
    this.host.requestUpdate();
  }
}

// player-and-client §2 "Optional media-information lookup per content slug"
/**
 * Asks the page's `mediaInformation` lookup about the content's slug and about the end-screen
 * suggestions that came with a slug only, and puts the answers where the viewer sees them: the title
 * bar's title and second line (when `config.title` / `config.subtitle` do not say them), the poster
 * (when neither `poster` nor `content.images.thumb` is set), and the suggestions' titles, second
 * lines and images (a suggestion without a title shows once its lookup answers with one).
 *
 * Answers are cached per slug (`MediaInformationCache`); an answer for a slug the player no longer
 * shows (the content or the suggestions changed meanwhile) is dropped; a failed lookup is logged,
 * never fatal.
 */
import type { ReactiveController } from 'lit';
import { MediaInformationCache, type MediaInformationLogger, type S72MediaInformation, type S72MediaInformationLookup } from '../core/media-information.js';
import type { S72Content } from '../core/types.js';
import type { S72Suggestion } from '../core/ui/ui-state.js';
import type { PlayerHost } from './player-host.js';

export interface MediaInformationHost extends PlayerHost {
  readonly content: S72Content | null;
  readonly mediaInformation: S72MediaInformationLookup | null;
  /** The page's suggestions, as given (entries may lack a title). */
  readonly suggestions: readonly Partial<S72Suggestion>[];
}

export class MediaInformationController implements ReactiveController {
  private readonly cache: MediaInformationCache;
  private contentKey: unknown[] = [];
  private suggestionsKey: unknown[] = [];
  /** Bumped on every content (resp. suggestions) change: an older answer is stale. */
  private contentRun = 0;
  private suggestionsRun = 0;

  constructor(
    private readonly host: MediaInformationHost,
    logger?: MediaInformationLogger,
  ) {
    this.cache = new MediaInformationCache(logger);
    host.addController(this);
  }

  hostUpdate(): void {
    const lookup = typeof this.host.mediaInformation === 'function' ? this.host.mediaInformation : null;
    const slug = typeof this.host.content?.slug === 'string' ? this.host.content.slug.trim() : '';
    if (changed(this.contentKey, (this.contentKey = [lookup, slug]))) this.lookUpContent(lookup, slug);
    const suggestions = Array.isArray(this.host.suggestions) ? this.host.suggestions : [];
    if (changed(this.suggestionsKey, (this.suggestionsKey = [lookup, suggestions]))) this.lookUpSuggestions(lookup, suggestions);
  }

  private lookUpContent(lookup: S72MediaInformationLookup | null, slug: string): void {
    const run = ++this.contentRun;
    // A new content shows nothing of the old one's answer (after this update: no store change inside it).
    queueMicrotask(() => {
      if (run === this.contentRun && this.host.store.getState().mediaInformation !== null) this.host.store.setUi({ mediaInformation: null });
    });
    if (!lookup || !slug) return;
    void this.cache.get(lookup, slug).then((info) => {
      if (run !== this.contentRun || !info) return; // stale: the content changed meanwhile
      this.host.store.setUi({ mediaInformation: info });
    });
  }

  private lookUpSuggestions(lookup: S72MediaInformationLookup | null, given: readonly Partial<S72Suggestion>[]): void {
    const run = ++this.suggestionsRun;
    const needed = given.filter((item) => typeof item?.slug === 'string' && item.slug.trim() && (typeof item.title !== 'string' || !item.subtitle || !item.image));
    if (!lookup || needed.length === 0) return;
    void Promise.all(given.map((item) => (needed.includes(item) ? this.cache.get(lookup, item.slug!.trim()) : Promise.resolve(null)))).then((answers) => {
      if (run !== this.suggestionsRun) return; // stale: the suggestions changed meanwhile
      const merged = given
        .map((item, index) => withInformation(item, answers[index] ?? null))
        .filter((item): item is S72Suggestion => typeof item?.slug === 'string' && typeof item.title === 'string');
      this.host.store.setUi({ suggestions: merged });
    });
  }
}

/** A suggestion with the lookup's title, second line and image where the page gave none. */
function withInformation(item: Partial<S72Suggestion>, info: S72MediaInformation | null): Partial<S72Suggestion> {
  if (!info) return item;
  return {
    ...item,
    ...(typeof item.title !== 'string' && info.title ? { title: info.title } : {}),
    ...(!item.subtitle && info.subtitle ? { subtitle: info.subtitle } : {}),
    ...(!item.image && info.image ? { image: info.image } : {}),
  };
}

function changed(before: readonly unknown[], after: readonly unknown[]): boolean {
  return before.length !== after.length || before.some((value, index) => value !== after[index]);
}

// player-and-client §2 "Optional media-information lookup per content slug"
/**
 * The page's media-information lookup (`S72Player.mediaInformation`): what the player shows about a
 * slug when the page has not said it itself. Answers are untrusted: only string fields are kept.
 * Each slug is asked once per lookup function (answers cached, a failed lookup is asked again the
 * next time); a failure is logged, never reported to the viewer. Framework-free.
 */

/** What the page's lookup answers for a slug; every field optional, extra fields ignored. */
export interface S72MediaInformation {
  /** The title: the title bar's title when `config.title` is not set; an end-screen suggestion's title. */
  title?: string;
  /** A second line, e.g. "Season 1 · Episode 3": the title bar's when `config.subtitle` is not set; a suggestion's. */
  subtitle?: string;
  /** A landscape image URL: the poster when neither `poster` nor `content.images.thumb` is set; a suggestion's image. */
  image?: string;
}

/**
 * The page's lookup: the media information of a content slug, or null when it has none. May answer
 * directly or with a promise; a rejection or a throw is logged and nothing is shown from it.
 */
export type S72MediaInformationLookup = (slug: string) => S72MediaInformation | null | undefined | Promise<S72MediaInformation | null | undefined>;

/** Where a failed lookup is logged (`console` by default). */
export interface MediaInformationLogger {
  warn(message: string): void;
}

/** The string fields of an answer (trimmed, non-blank), or null when it has none. */
export function readMediaInformation(value: unknown): S72MediaInformation | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const info: S72MediaInformation = {};
  for (const key of ['title', 'subtitle', 'image'] as const) {
    const field = record[key];
    if (typeof field === 'string' && field.trim()) info[key] = field.trim();
  }
  return Object.keys(info).length > 0 ? Object.freeze(info) : null;
}

/** Answers per lookup function and slug. */
export class MediaInformationCache {
  private readonly answers = new WeakMap<S72MediaInformationLookup, Map<string, Promise<S72MediaInformation | null>>>();

  constructor(private readonly logger: MediaInformationLogger = console) {}

  /** The answer of `lookup` for `slug`: asked once (until it fails), null on failure or no answer. */
  get(lookup: S72MediaInformationLookup, slug: string): Promise<S72MediaInformation | null> {
    let perSlug = this.answers.get(lookup);
    if (!perSlug) {
      perSlug = new Map<string, Promise<S72MediaInformation | null>>();
      this.answers.set(lookup, perSlug);
    }
    const cached = perSlug.get(slug);
    if (cached) return cached;
    const answer = (async () => readMediaInformation(await lookup(slug)))().catch((error: unknown) => {
      // Logged, never fatal; not kept, so the next use of this slug asks again.
      perSlug.delete(slug);
      this.logger.warn(`[s72-player] media information lookup failed for ${slug}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    perSlug.set(slug, answer);
    return answer;
  }
}

// player-and-client §3 "Content metadata (player view)"; §9
/**
 * The content metadata of the player view:
 * type, slug, title, shortDescription, images (landscape, portrait, background), bonuses (slug),
 * episodes (slug, episodeTitle, synopsis), seasonTitle, availableSeasons (slugs), recommendations
 * (slugs), built from the film or season answer of the storefront and the configuration
 * (`image_root_path` for relative images, `season_name` for the season title).
 */
import { S72Error } from '../errors.js';
import { configString } from './get-configuration.js';
import { resolveImageUrls } from './images.js';
import type { Bonus, Configuration, Film, ImageUrls, Season } from './schemas.js';
import { parseSlug, type ParsedSlug } from './slugs.js';

// player-and-client §3
/** The kinds of content the player view knows. */
export type ContentMetadataType = 'film' | 'tv-season' | 'tv-episode' | 'film-bonus' | 'tv-season-bonus' | 'tv-show';

/** Images of the player view; each absent when the catalogue has none. Relative paths are under `image_root_path`. */
export interface ContentMetadataImages {
  landscape?: string;
  portrait?: string;
  background?: string;
}

/** One episode of the player view's season. */
export interface ContentMetadataEpisode {
  slug: string;
  episodeTitle: string;
  synopsis?: string;
}

/** The content metadata of the player view. */
export interface ContentMetadata {
  type: ContentMetadataType;
  slug: string;
  title: string;
  /** The item's short text: a film's or season's tagline (else overview), a bonus's description (else overview), an episode's overview. */
  shortDescription?: string;
  images: ContentMetadataImages;
  /** The bonuses of the film or season the item belongs to. */
  bonuses: { slug: string }[];
  /** The season's episodes (TV items; empty for films). */
  episodes: ContentMetadataEpisode[];
  /** "{season_name} {n}" (default word "Season") for TV items. */
  seasonTitle?: string;
  /** The show's seasons (TV items; empty for films). */
  availableSeasons: string[];
  recommendations: string[];
}

/** What the metadata is built from: the film (film, film bonus) or the season (season, episode, season bonus). */
export type ContentSource = { kind: 'film'; film: Film } | { kind: 'season'; season: Season };

const text = (...values: (string | null | undefined)[]): string | undefined =>
  values.find((v): v is string => typeof v === 'string' && v.trim() !== '');

function imagesOf(config: Configuration | undefined, own: ImageUrls, parent?: ImageUrls): ContentMetadataImages {
  const r = resolveImageUrls({ landscape: own.landscape, portrait: own.portrait, bg: own.bg }, config);
  const p = parent ? resolveImageUrls({ landscape: parent.landscape, portrait: parent.portrait, bg: parent.bg }, config) : {};
  const landscape = r.landscape ?? p.landscape;
  const portrait = r.portrait ?? p.portrait;
  const background = r.bg ?? p.bg;
  return { ...(landscape ? { landscape } : {}), ...(portrait ? { portrait } : {}), ...(background ? { background } : {}) };
}

const bonusSlug = (parentSlug: string, b: Bonus): string => b.slug ?? `${parentSlug}/bonus/${b.number}`;

function notFound(slug: string): S72Error {
  return new S72Error('media_not_found', 'Media not found', { category: 'client', data: { slug } });
}

const slugsOf = (values: readonly unknown[] | null | undefined): string[] =>
  (values ?? []).flatMap((v) => (typeof v === 'string' ? [v] : typeof v === 'object' && v !== null && typeof (v as { slug?: unknown }).slug === 'string' ? [(v as { slug: string }).slug] : []));

/**
 * Builds the player view's content metadata of `slug` from its film or season answer. Pure.
 *
 * @throws {S72Error} `media_not_found` when the bonus or episode is not in the answer or the answer's
 *   kind does not fit the slug (a show slug too: the storefront has no show answer); `unsupported_slug`
 *   for a slug that does not parse.
 */
export function buildContentMetadata(slug: string | ParsedSlug, source: ContentSource, config?: Configuration): ContentMetadata {
  const parsed = typeof slug === 'string' ? parseSlug(slug) : slug;
  if (source.kind === 'film') {
    const { film } = source;
    const common = {
      bonuses: (film.bonuses ?? []).map((b) => ({ slug: bonusSlug(film.slug, b) })),
      episodes: [],
      availableSeasons: [],
      recommendations: slugsOf(film.recommendations),
    };
    if (parsed.type === 'film') {
      const shortDescription = text(film.tagline, film.overview);
      return { type: 'film', slug: film.slug, title: film.title, ...(shortDescription ? { shortDescription } : {}), images: imagesOf(config, film.image_urls), ...common };
    }
    if (parsed.type === 'film-bonus') {
      const bonus = (film.bonuses ?? []).find((b) => b.number === parsed.bonusNumber);
      if (!bonus) throw notFound(parsed.slug);
      const shortDescription = text(bonus.description, bonus.overview);
      return {
        type: 'film-bonus',
        slug: parsed.slug,
        title: bonus.title,
        ...(shortDescription ? { shortDescription } : {}),
        images: imagesOf(config, bonus.image_urls, film.image_urls),
        ...common,
      };
    }
    throw notFound(parsed.slug);
  }
  const { season } = source;
  const common = {
    bonuses: (season.bonuses ?? []).map((b) => ({ slug: bonusSlug(season.slug, b) })),
    episodes: (season.episodes ?? []).map((e) => {
      const synopsis = text(e.overview);
      return { slug: e.slug, episodeTitle: e.title, ...(synopsis ? { synopsis } : {}) };
    }),
    seasonTitle: `${configString(config ?? {}, 'season_name', 'Season')} ${season.season_num}`,
    availableSeasons: slugsOf(season.show_info.available_seasons),
    recommendations: slugsOf(season.recommendations),
  };
  if (parsed.type === 'tv-season') {
    const shortDescription = text(season.tagline, season.overview);
    return {
      type: 'tv-season',
      slug: season.slug,
      title: season.show_info.title,
      ...(shortDescription ? { shortDescription } : {}),
      images: imagesOf(config, season.image_urls),
      ...common,
    };
  }
  if (parsed.type === 'tv-episode') {
    const episode = (season.episodes ?? []).find((e) => e.slug === parsed.slug || e.episode_number === parsed.episodeNumber);
    if (!episode) throw notFound(parsed.slug);
    const shortDescription = text(episode.overview);
    return {
      type: 'tv-episode',
      slug: episode.slug,
      title: episode.title,
      ...(shortDescription ? { shortDescription } : {}),
      images: imagesOf(config, episode.image_urls, season.image_urls),
      ...common,
    };
  }
  if (parsed.type === 'tv-season-bonus') {
    const bonus = (season.bonuses ?? []).find((b) => b.number === parsed.bonusNumber);
    if (!bonus) throw notFound(parsed.slug);
    const shortDescription = text(bonus.description, bonus.overview);
    return {
      type: 'tv-season-bonus',
      slug: parsed.slug,
      title: bonus.title,
      ...(shortDescription ? { shortDescription } : {}),
      images: imagesOf(config, bonus.image_urls, season.image_urls),
      ...common,
    };
  }
  throw notFound(parsed.slug);
}

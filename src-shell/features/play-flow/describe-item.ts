/**
 * Titles and images of the item being played, from its film or season metadata (play-page §3).
 * Pure.
 */
import {
  S72Error,
  createTranslator,
  imageRootPath,
  resolveImageUrl,
  type Configuration,
  type Film,
  type ImageUrls,
  type Season,
  type ParsedSlug,
} from 's72-player/client';
import { seasonName } from '../../lib/season-name.js';

/** Metadata of the route's item: a film (film, film bonus) or a season (season, episode, season bonus). */
export type ItemMetadata = { kind: 'film'; film: Film } | { kind: 'season'; season: Season };

/** What the screens show about the item being played. */
export interface ItemDescription {
  /** Main title, e.g. the film, bonus or episode title. */
  title: string;
  /** Context line, e.g. "Harbour Lights · Season 1 · Episode 1". */
  subtitle?: string;
  /** Landscape thumbnail (content `images.thumb`). */
  thumb?: string;
  /** Poster shown before playback. */
  poster?: string;
}

/** play-page §9 "Season name default 'Season'" (English; other languages use the string table's `item.defaultSeasonName`). */
export const DEFAULT_SEASON_NAME = 'Season';

function pick(...urls: (string | null | undefined)[]): string | undefined {
  return urls.find((u): u is string => typeof u === 'string' && u !== '');
}

/** The thumbnail and poster, each under the configuration's `image_root_path` when relative (player-and-client §9). */
function images(config: Configuration, own: ImageUrls, parent?: ImageUrls): Pick<ItemDescription, 'thumb' | 'poster'> {
  const root = imageRootPath(config);
  const thumb = resolveImageUrl(pick(own.landscape, own.bg, parent?.landscape, parent?.bg, own.portrait), root);
  const poster = resolveImageUrl(pick(own.bg, own.landscape, parent?.bg, parent?.landscape), root);
  return { ...(thumb ? { thumb } : {}), ...(poster ? { poster } : {}) };
}

function notFound(slug: string): S72Error {
  return new S72Error('media_not_found', 'Media not found', { category: 'client', data: { slug } });
}

/**
 * Describes `slug` from its metadata. `locale` (a language tag, default English) chooses the words
 * the page adds itself: the default season name and "Episode {n}".
 *
 * @throws {S72Error} `media_not_found` ("Media not found") when the bonus or episode is not in the
 *   metadata, or the metadata kind does not fit the slug.
 */
export function describeItem(slug: ParsedSlug, metadata: ItemMetadata, configuration: Configuration, locale?: string): ItemDescription {
  const i18n = createTranslator(locale);
  if (metadata.kind === 'film') {
    const { film } = metadata;
    if (slug.type === 'film') {
      return { title: film.title, ...(film.tagline ? { subtitle: film.tagline } : {}), ...images(configuration, film.image_urls) };
    }
    if (slug.type === 'film-bonus') {
      const bonus = (film.bonuses ?? []).find((b) => b.number === slug.bonusNumber);
      if (!bonus) throw notFound(slug.slug);
      return { title: bonus.title, subtitle: film.title, ...images(configuration, bonus.image_urls, film.image_urls) };
    }
    throw notFound(slug.slug);
  }
  const { season } = metadata;
  const seasonLabel = `${seasonName(configuration, i18n)} ${season.season_num}`;
  const show = season.show_info.title;
  if (slug.type === 'tv-season') {
    return { title: `${show} · ${seasonLabel}`, ...images(configuration, season.image_urls) };
  }
  if (slug.type === 'tv-episode') {
    const episode = (season.episodes ?? []).find((e) => e.slug === slug.slug || e.episode_number === slug.episodeNumber);
    if (!episode) throw notFound(slug.slug);
    return {
      title: episode.title,
      subtitle: `${show} · ${seasonLabel} · ${i18n.t('item.episode', { number: episode.episode_number })}`,
      ...images(configuration, episode.image_urls, season.image_urls),
    };
  }
  if (slug.type === 'tv-season-bonus') {
    const bonus = (season.bonuses ?? []).find((b) => b.number === slug.bonusNumber);
    if (!bonus) throw notFound(slug.slug);
    return { title: bonus.title, subtitle: `${show} · ${seasonLabel}`, ...images(configuration, bonus.image_urls, season.image_urls) };
  }
  throw notFound(slug.slug);
}

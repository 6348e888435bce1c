/**
 * Titles and images of the item being played (play-page §3), from the player view's content
 * metadata the client builds from its film or season answer (player-and-client §3 "Content metadata
 * (player view)": title, images, seasonTitle). Pure.
 */
import {
  S72Error,
  buildContentMetadata,
  createTranslator,
  type Configuration,
  type ContentMetadata,
  type Film,
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

/** The thumbnail and poster from the content metadata's images (relative ones already under `image_root_path`). */
function images(content: ContentMetadata): Pick<ItemDescription, 'thumb' | 'poster'> {
  const { landscape, background, portrait } = content.images;
  const thumb = pick(landscape, background, portrait);
  const poster = pick(background, landscape);
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
  const content = buildContentMetadata(slug, metadata, configuration);
  if (metadata.kind === 'film') {
    const { film } = metadata;
    if (content.type === 'film') return { title: content.title, ...(film.tagline ? { subtitle: film.tagline } : {}), ...images(content) };
    if (content.type === 'film-bonus') return { title: content.title, subtitle: film.title, ...images(content) };
    throw notFound(slug.slug);
  }
  const { season } = metadata;
  // The season label in the page's language (the client's seasonTitle is the storefront's English word).
  const seasonLabel = `${seasonName(configuration, i18n)} ${season.season_num}`;
  const show = season.show_info.title;
  if (content.type === 'tv-season') return { title: `${show} · ${seasonLabel}`, ...images(content) };
  if (content.type === 'tv-episode') {
    const episode = (season.episodes ?? []).find((e) => e.slug === content.slug)!;
    return {
      title: content.title,
      subtitle: `${show} · ${seasonLabel} · ${i18n.t('item.episode', { number: episode.episode_number })}`,
      ...images(content),
    };
  }
  if (content.type === 'tv-season-bonus') return { title: content.title, subtitle: `${show} · ${seasonLabel}`, ...images(content) };
  throw notFound(slug.slug);
}

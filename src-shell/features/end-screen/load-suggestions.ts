/**
 * The end screen's suggestions for the item playing (player-and-client §2 "End screen with Up next:
 * one main suggestion and up to 3 others"; §6 "canBeWatchedNow gates what can be suggested"; §9
 * "Suggestions: the top 1 plus up to 3 others, sorted by most recently watched with next-episode
 * first"), built with the content-data client:
 *
 * 1. in parallel: the item's metadata (its recommendations; for an episode, its season's
 *    episodes), the viewer's continue-watching list, library and plans (signed in only);
 * 2. the availabilities of every candidate → `watchableBy` (the viewer can watch it now);
 * 3. the next watchable episode, then `buildSuggestions` (next episode first, continue watching by
 *    most recent, then recommendations; the item itself and unwatchable items left out);
 * 4. titles, subtitles and landscape images from metadata; each links to its play route (the
 *    current query without `t` and the tokens, player-and-client §2).
 *
 * Never rejects for a missing piece: a failed lookup only means fewer suggestions.
 */
import {
  buildSuggestions,
  groupLibrary,
  imageRootPath,
  nextEpisodeWhere,
  parentSlugOf,
  resolveImageUrl,
  tryParseSlug,
  watchableBy,
  type Configuration,
  type ContentClient,
  type Film,
  type Season,
  type Suggestion,
  type Translator,
} from 's72-player/client';
import type { S72Suggestion } from 's72-player';
import { paths } from '../../config/paths.js';
import { seasonName } from '../../lib/season-name.js';

export interface EndScreenSuggestionsRequest {
  client: ContentClient;
  /** The item playing (canonical slug), e.g. `/film/night-harbour`. */
  slug: string;
  /** The viewer has an auth token: continue watching, library and plans can be read. */
  signedIn: boolean;
  /** Epoch ms. */
  now: number;
  /** The page's hash: its non-token query (but `t`) is kept in the suggestions' links. */
  currentHash: string;
  i18n: Translator;
  /** The merged configuration (`season_name`), when known. */
  configuration?: Configuration | undefined;
  signal?: AbortSignal | undefined;
}

const none = <T>(): T[] => [];
/** The list a lookup answers, or none when it fails. */
const orEmpty = <T>(lookup: Promise<T[]>): Promise<T[]> => lookup.catch(() => none<T>());

/** Builds the suggestions (main one first); see the module doc. */
export async function loadEndScreenSuggestions(request: EndScreenSuggestionsRequest): Promise<S72Suggestion[]> {
  const { client, slug, signedIn, now, signal } = request;
  const parsed = tryParseSlug(slug);
  if (!parsed) return [];
  const isFilm = parsed.type === 'film' || parsed.type === 'film-bonus';
  const isSeason = parsed.type === 'tv-episode' || parsed.type === 'tv-season-bonus' || parsed.type === 'tv-season';
  const [film, season, continueWatching, library, plans] = await Promise.all([
    isFilm ? client.getFilm(slug, signal).catch(() => undefined) : undefined,
    isSeason ? client.getSeason(slug, signal).catch(() => undefined) : undefined,
    signedIn ? orEmpty(client.getContinueWatching(signal, now)) : [],
    signedIn ? orEmpty(client.getLibrary(signal)) : [],
    signedIn ? orEmpty(client.getUserPlans(signal)) : [],
  ]);
  const recommendations = (film ?? season)?.recommendations ?? [];
  const episodes = parsed.type === 'tv-episode' ? (season?.episodes ?? []).map((episode) => episode.slug) : [];
  const candidates = [...new Set([...episodes, ...continueWatching.map((entry) => entry.slug), ...recommendations])];
  if (candidates.length === 0) return [];
  const availabilities = await orEmpty(client.getAvailabilities(candidates, signal));
  const canWatch = watchableBy(availabilities, { library: groupLibrary(library), plans }, now);
  const nextEpisode = parsed.type === 'tv-episode' && season ? nextEpisodeWhere(slug, [season], canWatch) : null;
  const picked = buildSuggestions({ currentSlug: slug, nextEpisode, continueWatching, recommendations, canBeWatchedNow: canWatch });
  const chosen = picked.top ? [picked.top, ...picked.others] : [];
  return describeSuggestions(chosen, request, season ? [season] : []);
}

/** Titles, subtitles, images and links of the chosen suggestions; an item without metadata is dropped. */
async function describeSuggestions(chosen: readonly Suggestion[], request: EndScreenSuggestionsRequest, known: readonly Season[]): Promise<S72Suggestion[]> {
  const { client, signal } = request;
  const filmSlugs = new Set<string>();
  const seasonSlugs = new Set<string>();
  for (const { slug } of chosen) {
    const parsed = tryParseSlug(slug);
    if (!parsed) continue;
    if (parsed.type === 'film') filmSlugs.add(parsed.slug);
    else if (parsed.type === 'film-bonus') filmSlugs.add(parentSlugOf(parsed).slug);
    else if (parsed.type === 'tv-season') seasonSlugs.add(parsed.slug);
    else if (parsed.type === 'tv-episode' || parsed.type === 'tv-season-bonus') seasonSlugs.add(parentSlugOf(parsed).slug);
  }
  const knownSlugs = new Set(known.map((season) => season.slug));
  const [films, seasons] = await Promise.all([
    filmSlugs.size ? orEmpty(client.getFilms([...filmSlugs], signal)) : none<Film>(),
    [...seasonSlugs].some((s) => !knownSlugs.has(s)) ? orEmpty(client.getSeasons([...seasonSlugs], signal)) : none<Season>(),
  ]);
  const filmBySlug = new Map(films.map((film) => [tryParseSlug(film.slug)?.slug ?? film.slug, film]));
  const seasonBySlug = new Map([...known, ...seasons].map((season) => [tryParseSlug(season.slug)?.slug ?? season.slug, season]));
  const result: S72Suggestion[] = [];
  for (const suggestion of chosen) {
    const text = describe(suggestion.slug, filmBySlug, seasonBySlug, request);
    if (!text) continue;
    const href = `${paths.play.path}${paths.play.itemHash(suggestion.slug, text.title, request.currentHash)}`;
    result.push({ slug: suggestion.slug, source: suggestion.source, href, ...text });
  }
  return result;
}

function describe(
  slug: string,
  films: ReadonlyMap<string, Film>,
  seasons: ReadonlyMap<string, Season>,
  { i18n, configuration }: EndScreenSuggestionsRequest,
): { title: string; subtitle?: string; image?: string } | null {
  const parsed = tryParseSlug(slug);
  if (!parsed) return null;
  // Relative catalogue images are under the configuration's image_root_path (player-and-client §9).
  const image = (...urls: (string | null | undefined)[]) => {
    const url = resolveImageUrl(
      urls.find((u): u is string => typeof u === 'string' && u !== ''),
      imageRootPath(configuration),
    );
    return url ? { image: url } : {};
  };
  if (parsed.type === 'film') {
    const film = films.get(parsed.slug);
    return film ? { title: film.title, ...image(film.image_urls.landscape) } : null;
  }
  if (parsed.type === 'film-bonus') {
    const film = films.get(parentSlugOf(parsed).slug);
    const bonus = film?.bonuses?.find((b) => b.number === parsed.bonusNumber);
    return film && bonus ? { title: bonus.title, subtitle: film.title, ...image(bonus.image_urls.landscape, film.image_urls.landscape) } : null;
  }
  const seasonSlug = parsed.type === 'tv-season' ? parsed.slug : parentSlugOf(parsed).slug;
  const season = seasons.get(seasonSlug);
  if (!season) return null;
  const seasonLabel = `${seasonName(configuration, i18n)} ${season.season_num}`;
  const show = season.show_info.title;
  if (parsed.type === 'tv-season') return { title: show, subtitle: seasonLabel, ...image(season.image_urls.landscape) };
  if (parsed.type === 'tv-episode') {
    const episode = (season.episodes ?? []).find((e) => (tryParseSlug(e.slug)?.slug ?? e.slug) === parsed.slug);
    if (!episode) return null;
    return {
      title: episode.title,
      subtitle: `${show} · ${seasonLabel} · ${i18n.t('item.episode', { number: episode.episode_number })}`,
      ...image(episode.image_urls.landscape, season.image_urls.landscape),
    };
  }
  if (parsed.type === 'tv-season-bonus') {
    const bonus = (season.bonuses ?? []).find((b) => b.number === parsed.bonusNumber);
    return bonus ? { title: bonus.title, subtitle: `${show} · ${seasonLabel}`, ...image(bonus.image_urls.landscape, season.image_urls.landscape) } : null;
  }
  return null;
}

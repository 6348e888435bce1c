/**
 * Route builders (play-page §2 "Routes"): nobody writes these URLs by hand.
 * Play routes are hash routes under `/play/`: `/play/#/film/{filmSlug}/{title}?{query}`.
 */

/**
 * Slug types a play route may name (play-page §2 "Routes"): film, film bonus, season (redirects to
 * its first available episode, play-page §4), episode, season bonus.
 */
export const PLAY_ROUTE_TYPES = ['film', 'film-bonus', 'tv-season', 'tv-episode', 'tv-season-bonus'] as const;

/** Query parameters of the play page that a link may carry (play-page §2). Tokens are never put in links we build. */
export type PlayQuery = Partial<Record<'t' | 'm' | 'nav' | 'from' | 'airplay' | 'cast' | 'autoplay' | 'seeking' | 'rates', string>>;

/** Lower-cases and kebab-cases a title for the route's title segment ("Night Harbour!" → "night-harbour"). */
export function kebabTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Query parameters a move to another item drops: `t` (player-and-client §2) and the tokens. */
const DROPPED_ON_ITEM_CHANGE: readonly string[] = ['t', 'u', 'p'];

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Goes to another item's play route (player-and-client §2): sets the page hash and reloads the
 * page, so the new item starts from a fresh page. `replace`: without a new history entry (a
 * redirect, e.g. a season to its first episode).
 */
export function goToPlayHash(
  location: Pick<Location, 'hash' | 'replace' | 'reload' | 'href'>,
  hash: string,
  options: { replace?: boolean } = {},
): void {
  if (options.replace) {
    const href = location.href;
    location.replace(`${href.includes('#') ? href.slice(0, href.indexOf('#')) : href}${hash}`);
  } else {
    location.hash = hash;
  }
  location.reload();
}

export const paths = {
  /** The storefront home page (play-page §2: a missing session goes here). */
  home: { path: '/', getHref: (): string => '/' },
  /** Default sign-in page (play-page §9). */
  signIn: { path: '/signin.html', getHref: (): string => '/signin.html' },
  /** Supported browsers and devices (play-page §2). */
  deviceSupport: { path: '/device-support', getHref: (): string => '/device-support' },
  play: {
    /** The play page's document path (Vite `base`). */
    path: '/play/',
    /**
     * The hash of a play route: `#/film/night-harbour/night-harbour?t=30`.
     * @param slug A streamable or season slug, e.g. `/tv/harbour-lights/season/1/episode/1`.
     * @param title Optional title, kebab-cased into the title segment.
     * @param query Optional non-token query parameters.
     */
    getHash: (slug: string, title?: string, query?: PlayQuery): string => {
      const segment = title ? kebabTitle(title) : '';
      const search = query ? new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined) as [string, string][]).toString() : '';
      return `#${slug}${segment ? `/${segment}` : ''}${search ? `?${search}` : ''}`;
    },
    /**
     * The hash that goes to another item (player-and-client §2 "Navigating to another content item
     * sets the page hash to that item's slug and reloads the page, dropping the t query parameter"):
     * the item's route with the current hash's query, minus `t` and the tokens (`u`, `p`, which
     * the stored session keeps), every other parameter exactly as written.
     * @param slug The other item's slug.
     * @param title Optional title, kebab-cased into the title segment.
     * @param currentHash The page's current hash, e.g. `#/film/x/x?t=30&nav=false`.
     */
    itemHash: (slug: string, title: string | undefined, currentHash: string): string => {
      const q = currentHash.indexOf('?');
      const kept = (q === -1 ? [] : currentHash.slice(q + 1).split('&')).filter((pair) => {
        if (pair === '') return false;
        const eq = pair.indexOf('=');
        return !DROPPED_ON_ITEM_CHANGE.includes(safeDecode(eq === -1 ? pair : pair.slice(0, eq)));
      });
      return `${paths.play.getHash(slug, title)}${kept.length ? `?${kept.join('&')}` : ''}`;
    },
    /** The full play page address (path + hash) of a slug. */
    getHref: (slug: string, title?: string, query?: PlayQuery): string => `/play/${paths.play.getHash(slug, title, query)}`,
  },
} as const;

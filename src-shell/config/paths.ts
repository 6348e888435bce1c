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
    /** The full play page address (path + hash) of a slug. */
    getHref: (slug: string, title?: string, query?: PlayQuery): string => `/play/${paths.play.getHash(slug, title, query)}`,
  },
} as const;

/** Shared fixtures of the play-flow tests: metadata and answers shaped like the storefront's. */
import type { Availability, Film, Season, StreamsResponse } from 's72-player/client';
import type { PlaybackCapabilities } from '../../src-shell/features/play-flow/choose-stream.js';
import type { FlowEnv } from '../../src-shell/features/play-flow/machine.js';
import type { PlaySession } from '../../src-shell/types/play-session.js';

export const ENV: FlowEnv = { origin: 'https://store.example' };
export const NOW = Date.parse('2026-01-15T12:00:00Z');

export const CHROME: PlaybackCapabilities = { mse: true, nativeHls: false, mp4: true, keySystems: ['clearkey'] };

export function session(overrides: Partial<PlaySession> = {}): PlaySession {
  return {
    item: '/film/night-harbour',
    itemToPlay: '/film/night-harbour',
    authToken: 'demo-adult-token',
    showNavbar: true,
    redirectUrl: null,
    airplayEnabled: true,
    castEnabled: true,
    autoplay: true,
    seekingEnabled: true,
    playbackRatesEnabled: false,
    ...overrides,
  };
}

const images = { portrait: 'https://img/p.jpg', landscape: 'https://img/l.jpg', bg: 'https://img/bg.jpg' };

export const FILM: Film = {
  id: 'night-harbour',
  slug: '/film/night-harbour',
  title: 'Night Harbour',
  tagline: 'The tide keeps every secret.',
  overview: null,
  runtime: 2,
  release_date: null,
  image_urls: images,
  bonuses: [{ number: 1, slug: '/film/night-harbour/bonus/1', title: 'Making the Harbour', overview: null, runtime: 2, image_urls: {} }],
};

export const SEASON: Season = {
  slug: '/tv/harbour-lights/season/1',
  season_num: 1,
  tagline: null,
  overview: null,
  image_urls: images,
  episodes: [
    { slug: '/tv/harbour-lights/season/1/episode/1', episode_number: 1, title: 'The Lamp Room', overview: null, runtime: 2, image_urls: {} },
    { slug: '/tv/harbour-lights/season/1/episode/2', episode_number: 2, title: 'Fog Signal', overview: null, runtime: 2, image_urls: {} },
  ],
  bonuses: [{ number: 1, slug: null, title: 'Inside the Lighthouse', overview: null, runtime: 2, image_urls: {} }],
  show_info: { title: 'Harbour Lights' },
};

export function availability(slug: string, from: string | null = null, to: string | null = null): Availability {
  return { slug, from, to, requires_pin_code: false, plan_ids: [] };
}

export function streams(overrides: Partial<StreamsResponse> = {}): StreamsResponse {
  return {
    streams: [
      { url: 'https://store.example/media/feature/dash-cenc/manifest.mpd', encoding_type: 'dash', drm_type: ['clearkey'] },
      { url: 'https://store.example/media/feature/mp4/feature.mp4', encoding_type: 'mp4', drm_type: [] },
    ],
    will_trigger_watch_window: false,
    play_token: 'play-token-1',
    ...overrides,
  };
}

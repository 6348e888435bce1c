/**
 * The play page's end-screen feature (src-shell/features/end-screen/; player-and-client §2 "Up
 * next", §6 canBeWatchedNow, §7 `custom:end-screen-video-clicked`, §9 "Suggestions"): suggestions
 * built with the real content client against the demo storefront, and the click (telemetry sent
 * and waited for, bounded, before the page navigates) with fake timers.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { createContentClient, createTranslator } from 's72-player/client';
import {
  END_SCREEN_FLUSH_TIMEOUT_MS,
  followEndScreenClick,
  isLastPlaylistItem,
  loadEndScreenSuggestions,
  suggestionHash,
} from '../../../src-shell/features/end-screen/index.js';
import { PlayTelemetry } from '../../../src-shell/features/play-telemetry/index.js';
import { ADULT_TOKEN, demoOrigin, resetDemo } from '../../helpers/demo.js';

const en = createTranslator('en');

function load(slug: string, options: { token?: string; hash?: string; i18n?: typeof en; configuration?: Record<string, unknown> } = {}) {
  const token = 'token' in options ? options.token : ADULT_TOKEN;
  return loadEndScreenSuggestions({
    client: createContentClient({ baseUrl: demoOrigin(), authToken: token }),
    slug,
    signedIn: Boolean(token),
    now: Date.now(),
    currentHash: options.hash ?? `#${slug}/x?t=45&nav=false`,
    i18n: options.i18n ?? en,
    ...(options.configuration ? { configuration: options.configuration } : {}),
  });
}

describe('end screen: suggestions from the content client', () => {
  before(() => resetDemo());

  it('after a film: continue watching by most recent, then recommendations; watchable only; titles, images, links without t', async () => {
    const suggestions = await load('/film/night-harbour');
    expect(suggestions.map((s) => [s.slug, s.source])).to.deep.equal([
      ['/tv/tide-tables/season/1/episode/2', 'continue-watching'],
      ['/film/resume-me', 'continue-watching'],
      ['/film/midway-point', 'continue-watching'],
      ['/film/clear-skies', 'recommendation'],
    ]);
    const [episode, film] = suggestions;
    expect(episode!.title).to.equal('Neap Tide');
    expect(episode!.subtitle).to.equal('Tide Tables · Season 1 · Episode 2');
    expect(episode!.href).to.equal('/play/#/tv/tide-tables/season/1/episode/2/neap-tide?nav=false');
    expect(film!.title).to.equal('Resume Me');
    expect(film!.image).to.match(/^https?:\/\/.+\.jpg$/);
  });

  it('the season label is in the page language: the configured season_name (English) on an English page only (issue 22 item 14)', async () => {
    // The storefront's configuration names seasons in English ("Season", as the demo's does).
    const configuration = { season_name: 'Season' };
    const [arabic] = await load('/film/night-harbour', { i18n: createTranslator('ar'), configuration });
    expect(arabic!.subtitle).to.equal('Tide Tables · الموسم 1 · الحلقة 2');
    expect(arabic!.subtitle).not.to.match(/Season/);
    const [english] = await load('/film/night-harbour', { configuration: { season_name: 'Series' } });
    expect(english!.subtitle).to.equal('Tide Tables · Series 1 · Episode 2');
  });

  it('after an episode: the next episode the viewer can watch now comes first (a coming-soon one is skipped)', async () => {
    const suggestions = await load('/tv/signal-rock/season/1/episode/1');
    expect(suggestions[0]).to.include({ slug: '/tv/signal-rock/season/1/episode/3', source: 'next-episode', title: 'South Light' });
    expect(suggestions.map((s) => s.slug)).not.to.include('/tv/signal-rock/season/1/episode/2');
    expect(suggestions.length).to.be.within(1, 4);
  });

  it('an episode whose next one is coming soon has no next-episode suggestion', async () => {
    const suggestions = await load('/tv/harbour-lights/season/1/episode/1');
    expect(suggestions.map((s) => s.source)).not.to.include('next-episode');
    expect(suggestions.map((s) => s.slug)).not.to.include('/tv/harbour-lights/season/1/episode/2');
  });

  it('without an auth token nothing can be watched, so nothing is suggested', async () => {
    expect(await load('/film/night-harbour', { token: undefined })).to.deep.equal([]);
  });

  it('never suggests the item itself, nor more than 4', async () => {
    const suggestions = await load('/film/clear-skies');
    expect(suggestions.map((s) => s.slug)).not.to.include('/film/clear-skies');
    expect(suggestions.length).to.be.at.most(4);
  });
});

describe('end screen: only for the last playlist item', () => {
  const rows: [position: { index: number; count: number } | undefined, last: boolean][] = [
    [undefined, true], // no playlist: the item plays alone
    [{ index: 0, count: 1 }, true],
    [{ index: 0, count: 2 }, false], // the ad before the film
    [{ index: 1, count: 2 }, true],
    [{ index: 1, count: 3 }, false],
  ];
  for (const [position, last] of rows) {
    it(`${JSON.stringify(position)} → ${last}`, () => expect(isLastPlaylistItem(position)).to.equal(last));
  }
});

describe('end screen: the click', () => {
  afterEach(() => sinon.restore());

  it('navigates only once the telemetry has been sent', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let sent!: () => void;
    const order: string[] = [];
    const trackAndFlush = sinon.spy(() => new Promise<void>((resolve) => (sent = () => (order.push('sent'), resolve()))));
    const done = followEndScreenClick(
      { slug: '/film/clear-skies', source: 'recommendation', href: '/play/#/film/clear-skies/clear-skies?nav=false' },
      { trackAndFlush, navigate: (hash) => order.push(`navigate ${hash}`), currentHash: '#/film/night-harbour/x?t=45&nav=false' },
    );
    expect(trackAndFlush.args).to.deep.equal([['/film/clear-skies', 'recommendation']]);
    await clock.tickAsync(500);
    expect(order).to.deep.equal([]);
    sent();
    await done;
    expect(order).to.deep.equal(['sent', 'navigate #/film/clear-skies/clear-skies?nav=false']);
  });

  it('a telemetry send that hangs delays navigation by at most END_SCREEN_FLUSH_TIMEOUT_MS', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const navigate = sinon.spy();
    const done = followEndScreenClick(
      { slug: '/film/clear-skies', source: 'recommendation' },
      { trackAndFlush: () => new Promise<void>(() => undefined), navigate, currentHash: '#/film/night-harbour/x?t=45&u=secret' },
    );
    await clock.tickAsync(END_SCREEN_FLUSH_TIMEOUT_MS - 1);
    expect(navigate.called).to.equal(false);
    await clock.tickAsync(1);
    await done;
    // No href: the route is built from the slug, `t` and the tokens dropped.
    expect(navigate.args).to.deep.equal([['#/film/clear-skies']]);
  });

  it('a failed send still navigates', async () => {
    const navigate = sinon.spy();
    await followEndScreenClick({ slug: '/film/resume-me', source: 'continue-watching' }, {
      trackAndFlush: () => Promise.reject(new Error('offline')),
      navigate,
      currentHash: '#/film/x/x?nav=false',
    });
    expect(navigate.args).to.deep.equal([['#/film/resume-me?nav=false']]);
  });

  it('suggestionHash: a play-page href gives its hash; another href falls back to the slug', () => {
    expect(suggestionHash({ slug: '/film/a', source: 'recommendation', href: 'http://localhost/play/#/film/a/a' }, '')).to.equal('#/film/a/a');
    expect(suggestionHash({ slug: '/film/a', source: 'recommendation', href: '/elsewhere/#/film/b' }, '#/film/z?t=3')).to.equal('#/film/a');
  });
});

describe('end screen: play telemetry event shape', () => {
  it('custom:end-screen-video-clicked carries slug and details.source on the wire', async () => {
    const bodies: unknown[] = [];
    const telemetry = new PlayTelemetry({
      baseUrl: 'https://store.example',
      authToken: 'viewer-token',
      lifecycle: {},
      fetch: async (_input, init) => {
        bodies.push(JSON.parse(init?.body as string));
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    telemetry.track('custom:end-screen-video-clicked', '/film/clear-skies', undefined, { source: 'recommendation' });
    await telemetry.flush();
    await telemetry.destroy();
    const event = (bodies[0] as { events: Record<string, unknown>[] }).events[0]!;
    expect(event).to.include({ event: 'custom:end-screen-video-clicked', slug: '/film/clear-skies' });
    expect(event['details']).to.deep.equal({ source: 'recommendation' });
  });
});

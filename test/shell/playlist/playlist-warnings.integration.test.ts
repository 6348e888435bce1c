/**
 * Playlist warnings reach the log service (play-page §5 "An empty playlist is a warning … An unknown
 * action type is a warning", §9 "Logging level WARN, sent to a log service"): the play page's
 * playlist load, against the demo storefront's playlist call (its answer replaced through
 * `/__demo/fault` with a 200 body), logs each warning at WARN on the page logger, whose batch the
 * storefront records at `POST /services/log`.
 */
import { expect } from '@open-wc/testing';
import { loadPlaylistEntries } from '../../../src-shell/app/services.js';
import { LOG_SERVICE_PATH, createPageLogger } from '../../../src-shell/app/logger.js';
import { WatchedTracker } from '../../../src-shell/features/playlist/watched.js';
import { memoryStorage } from '../../../src-shell/lib/storage.js';
import { ADULT_TOKEN, demoControl, demoOrigin, recordedRequests, resetDemo } from '../../helpers/demo.js';

const quiet = { debug() {}, log() {}, warn() {}, error() {} };
const SLUG = '/film/night-harbour';
const session = { authToken: ADULT_TOKEN, showNavbar: true, airplayEnabled: true, castEnabled: true, autoplay: true, seekingEnabled: true, playbackRatesEnabled: false };

async function loggedLines(): Promise<Array<{ level: string; message: string }>> {
  const posts = await recordedRequests(LOG_SERVICE_PATH);
  return posts.flatMap((p) => p.body as Array<{ level: string; message: string }>);
}

async function loadWith(playlist: unknown): Promise<unknown> {
  await demoControl('fault', { path: `/services/playback/playlist${SLUG}`, status: 200, body: playlist, times: 1 });
  const logger = createPageLogger({ baseUrl: demoOrigin(), console: quiet });
  try {
    const entries = await loadPlaylistEntries(demoOrigin(), session, SLUG, new WatchedTracker({ storage: memoryStorage() }), undefined, logger);
    await logger.flush();
    return entries;
  } finally {
    logger.destroy();
  }
}

describe('playlist warnings reach the log service (play-page §5, §9)', function () {
  this.timeout(20_000);
  beforeEach(() => resetDemo());

  it('an empty playlist: a WARN line posted to /services/log; the item plays by itself', async () => {
    expect(await loadWith({ items: [] })).to.equal(undefined);
    const lines = await loggedLines();
    expect(lines).to.have.length(1);
    expect(lines[0]!.level).to.equal('warn');
    expect(lines[0]!.message).to.contain('empty_playlist');
    expect(lines[0]!.message).to.contain(SLUG);
    expect(JSON.stringify(lines)).not.to.contain(ADULT_TOKEN);
  });

  it('an unknown action type: a WARN line naming the item and the type; the other items play', async () => {
    const entries = await loadWith({
      items: [
        { id: 'promo', action: { type: 'hologram', slug: '/film/promo' }, title: 'Promo', has_watched: false },
        { id: 'main', action: { type: 'play', slug: SLUG }, title: 'Night Harbour', skip_policy: 'allowed', has_watched: false },
      ],
    });
    expect((entries as Array<{ item: { id: string } }>).map((e) => e.item.id)).to.deep.equal(['main']);
    const lines = await loggedLines();
    expect(lines.map((l) => l.level)).to.deep.equal(['warn']);
    expect(lines[0]!.message).to.contain('unknown_action_type');
    expect(lines[0]!.message).to.contain('hologram');
    expect(lines[0]!.message).to.contain('promo');
  });

  it('a valid playlist logs nothing', async () => {
    await loadWith({ items: [{ id: 'main', action: { type: 'play', slug: SLUG }, title: 'Night Harbour', skip_policy: 'allowed', has_watched: false }] });
    expect(await loggedLines()).to.have.length(0);
  });
});

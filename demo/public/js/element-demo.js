// /demo/element.html: the DRM player's play token comes from a real streams call, made with the
// content-data client (the storefront's licence server gives keys only to a play token of a streams
// call, for that title's key ids). The viewer is the demo's adult viewer.
import { createContentClient } from '/dist/cdn/s72-client.js';

const SLUG = '/film/night-harbour';
const VIEWER = 'demo-adult-token';

const player = document.querySelector('s72-player[data-slug]');
const client = createContentClient({ baseUrl: location.origin, authToken: VIEWER });

try {
  const answer = await client.getStreams(SLUG);
  const dash = answer.streams.find((s) => s.encoding_type === 'dash' && (s.drm_type ?? []).includes('clearkey'));
  if (!dash) throw new Error(`${SLUG} has no ClearKey DASH stream`);
  player.config = { drm: { clearkey: { licenseUrl: new URL('/services/license/clearkey', location.origin).href } } };
  player.content = { slug: SLUG, title: 'Night Harbour', playToken: answer.play_token, assets: { dash: { url: dash.url, drms: ['clearkey'] } } };
} catch (error) {
  // The player shows nothing to play; the reason goes to the console (no token in it).
  console.error('element demo: the streams call failed:', error instanceof Error ? error.message : error);
}

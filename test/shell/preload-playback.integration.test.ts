/**
 * The play page starts the player's work as soon as its streams call answers (issue 12): the real
 * play flow against the demo storefront, `S72Player.preloadContent` through `preloadPlayback`. The
 * manifest is requested before any player exists, and the player then given that content plays
 * without asking for it again.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { S72Player } from 's72-player';
import { createFlowClients } from '../../src-shell/app/services.js';
import { createPlayFlow } from '../../src-shell/features/play-flow/play-flow.js';
import { preloadPlayback } from '../../src-shell/features/play-flow/preload-playback.js';
import { ADULT_TOKEN, demoOrigin, recordedRequests, resetDemo, until } from '../helpers/demo.js';
import { CHROME, ENV, session } from './fixtures.js';

describe('play page: the content is preloaded when the streams call answers (issue 12)', function () {
  this.timeout(60_000);
  // Each test file runs in its own page: no manifest was prefetched before this test.
  beforeEach(() => resetDemo());

  it('the manifest is requested before a player exists, once, and the player plays from it', async () => {
    const clients = createFlowClients(demoOrigin());
    const flow = createPlayFlow({
      env: { ...ENV, origin: demoOrigin() },
      createClient: clients.createClient,
      createApi: clients.createApi,
      detectCapabilities: async () => CHROME,
      navigate: () => undefined,
      currentUrl: () => `${demoOrigin()}/play/#/film/night-harbour`,
      signOut: () => undefined,
    });
    const preloaded: string[] = [];
    const stop = preloadPlayback(flow, (content, config) => {
      preloaded.push(content.slug);
      return S72Player.preloadContent(content, config);
    });
    try {
      flow.start(session({ authToken: ADULT_TOKEN }));
      await until(() => ['playing', 'error'].includes(flow.getState().status), 'the flow settles');
      const state = flow.getState();
      if (state.status !== 'playing') throw new Error(`the flow ended in ${state.status}`);
      expect(preloaded, 'once for the item').to.deep.equal(['/film/night-harbour']);
      const manifestUrl = new URL(state.playback.content.assets.dash!.url);
      expect(document.querySelector('s72-player'), 'no player yet').to.equal(null);
      let manifests = 0;
      for (let i = 0; i < 40 && manifests === 0; i++) {
        manifests = (await recordedRequests(manifestUrl.pathname)).length;
        if (manifests === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(manifests, 'the manifest requested with no player on the page').to.equal(1);

      const player = await fixture<S72Player>(html`<s72-player muted autoplay></s72-player>`);
      player.config = state.playback.config;
      player.content = state.playback.content;
      await until(() => player.currentTime > 0.2, () => `playing (error: ${player.lastError?.code ?? 'none'})`, 30_000);
      expect(await recordedRequests(manifestUrl.pathname), 'the player took the prefetched answer').to.have.length(1);
      expect(preloaded, 'the same content is not preloaded again').to.have.length(1);
    } finally {
      stop();
      flow.destroy();
    }
  });
});

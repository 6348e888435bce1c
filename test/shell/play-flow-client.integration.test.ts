/**
 * One content client and one cache for the whole play flow (issue 8 item 12; player-and-client §9
 * "Default cache max age 30 s"), and the flow's own calls (play-page §7 PIN), counted in real
 * requests to the demo storefront (`GET /__demo/requests`).
 */
import { expect } from '@open-wc/testing';
import { createFlowClients } from '../../src-shell/app/services.js';
import { createPlayFlow } from '../../src-shell/features/play-flow/play-flow.js';
import { ADULT_TOKEN, demoOrigin, demoUrl, recordedRequests, resetDemo, until } from '../helpers/demo.js';
import { CHROME, ENV, session } from './fixtures.js';

describe('play flow: one content client and one cache (issue 8 item 12)', function () {
  this.timeout(30_000);
  beforeEach(() => resetDemo());

  it('film → playing: the user detail and the film metadata are fetched once each', async () => {
    const clients = createFlowClients(demoOrigin());
    let created = 0;
    const flow = createPlayFlow({
      env: { ...ENV, origin: demoOrigin() },
      createClient: (s) => {
        created += 1;
        return clients.createClient(s);
      },
      createApi: clients.createApi,
      detectCapabilities: async () => CHROME,
      navigate: () => undefined,
      currentUrl: () => `${demoOrigin()}/play/#/film/night-harbour`,
      signOut: () => undefined,
    });
    try {
      flow.start(session({ authToken: ADULT_TOKEN }));
      await until(() => ['playing', 'error'].includes(flow.getState().status), 'the flow settles');
      expect(flow.getState().status).to.equal('playing');
      // getUser (age check) and getLibrary (rental window) share one cached user detail.
      expect(await recordedRequests('/services/users/detail/users')).to.have.length(1);
      // The classification comes from the client's film answer: no second metadata request.
      expect(await recordedRequests('/services/meta/v2/film/night-harbour/show_multiple')).to.have.length(1);
      expect(created).to.equal(1);
    } finally {
      flow.destroy();
    }
  });

  it('a wrong PIN → incorrect_pin with attempts_remaining, read from the client error (one request)', async () => {
    const { createApi } = createFlowClients(demoOrigin());
    const api = createApi(session({ authToken: ADULT_TOKEN }));
    const verdict = await api.verifyPin('0000', '/film/quiet-room');
    expect(verdict).to.deep.equal({ ok: false, code: 'incorrect_pin', attemptsRemaining: 4 });
    const sent = await recordedRequests('/services/users/v1/user_pin_codes/verify');
    expect(sent).to.have.length(1);
    expect(sent[0]!.body).to.deep.equal({ pin: '0000', slug: '/film/quiet-room' });
    expect(await api.verifyPin('1234', '/film/quiet-room')).to.deep.equal({ ok: true });
  });

  it('the verification names its title: the storefront then streams that PIN-protected title (issue 25 item 2)', async () => {
    const { createApi } = createFlowClients(demoOrigin());
    const api = createApi(session({ authToken: ADULT_TOKEN }));
    const streams = () =>
      fetch(demoUrl('/services/playback/streams/film/quiet-room'), { method: 'POST', headers: { 'x-auth-token': ADULT_TOKEN } });
    expect((await streams()).status, 'no verification yet').to.equal(403);
    expect(await api.verifyPin('1234', '/film/quiet-room')).to.deep.equal({ ok: true });
    expect((await streams()).status).to.equal(200);
  });
});

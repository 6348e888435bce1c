/**
 * The ClearKey licence server against Chromium's real ClearKey CDM: the CDM's own licence request
 * goes to /services/license/clearkey and the answer makes the key usable. Skipped without Chromium.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';
import { KID_B64URL, fetchJson, playTokenFor, useDemoServer } from './helpers.js';

const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

describe('ClearKey in Chromium', { skip: existsSync(chromePath) ? false : `no Chromium at ${chromePath}` }, () => {
  const demo = useDemoServer();

  test('a CDM licence request for the demo KID makes the key usable, and is recorded', async () => {
    // The licence server gives keys to the play token of a streams call for the title.
    const playToken = await playTokenFor(demo.url, '/film/night-harbour');
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--headless=new'] });
    try {
      const page = await browser.newPage();
      await page.goto(`${demo.url}/devices.html`);
      const result = await page.evaluate(
        async ({ kid, token }) => {
          const access = await navigator.requestMediaKeySystemAccess('org.w3.clearkey', [
            { initDataTypes: ['keyids'], videoCapabilities: [{ contentType: 'video/mp4; codecs="avc1.42E01E"' }] },
          ]);
          const keys = await access.createMediaKeys();
          const session = keys.createSession('temporary');
          const licenceStatus = new Promise<number>((resolve, reject) => {
            session.addEventListener('message', (event) => {
              fetch('/services/license/clearkey', { method: 'POST', headers: { 'x-play-token': token }, body: event.message })
                .then(async (res) => {
                  await session.update(await res.arrayBuffer());
                  resolve(res.status);
                })
                .catch(reject);
            });
          });
          await session.generateRequest('keyids', new TextEncoder().encode(JSON.stringify({ kids: [kid] })));
          const status = await licenceStatus;
          const statuses: string[] = [];
          session.keyStatuses.forEach((s) => statuses.push(s));
          return { status, statuses };
        },
        { kid: KID_B64URL, token: playToken },
      );
      assert.equal(result.status, 200);
      assert.deepEqual(result.statuses, ['usable']);
    } finally {
      await browser.close();
    }
    const recorded = await fetchJson(`${demo.url}/__demo/licence-requests?tokens=1`);
    assert.equal(recorded.body.requests.length, 1);
    assert.deepEqual(recorded.body.requests[0].body.kids, [KID_B64URL]);
    assert.equal(recorded.body.requests[0].headers['x-play-token'], playToken);
  });
});

/**
 * The staged rollout on the hosted play page (player-and-client §9 "Player version", "25% of
 * 'experiment' users get the new player"; issue 26): the play page reads the viewer's storefront
 * groups and user id and puts 25 % of the `experiment` group, by user id, on the new player. The
 * demo's two experiment viewers sit on either side of the split (users 1015 and 1005); what the
 * viewer sees is the player's version label, which carries package.json's version (injected by the
 * build) and "(new)" on the new player.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('play page: staged rollout of the new player', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  async function versionLabel(token: string): Promise<string> {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(demo.playUrl(`#/film/clear-skies/clear-skies?u=${token}`));
      await waitForPlayback(page, 0.5);
      await page.mouse.move(400, 300);
      const label = page.locator('s72-player [part~="version"]');
      await label.waitFor({ state: 'visible', timeout: 10_000 });
      return (await label.innerText()).replace(/\s+/g, ' ').trim();
    } finally {
      await context.close();
    }
  }

  it('an experiment viewer in the 25 % gets the new player; one outside it and a viewer outside the group do not', { timeout: 120_000 }, async () => {
    assert.equal(await versionLabel(TOKENS.experimentNew), `s72-player ${VERSION} (new)`);
    assert.equal(await versionLabel(TOKENS.experimentCurrent), `s72-player ${VERSION}`);
    assert.equal(await versionLabel(TOKENS.adult), `s72-player ${VERSION}`);
  });
});

/**
 * Every branch of the play flow end to end (issue 4; play-page §2, §4, §5, §6, §8), in Chromium
 * against the demo storefront. Needs `dist-shell/` built (npx vite build --config src-shell/vite.config.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { errorCode, newPage, waitForPlayback } from './support/browser.js';
import { TOKENS, type Demo } from './support/demo.js';
import { useDemoAndBrowser } from './support/hooks.js';

async function control(demo: Demo, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${demo.url}/__demo/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.ok(response.ok, `control ${path}: HTTP ${response.status}`);
}

/** The start position handed to `<s72-player>` (the demo media is 60 s, shorter than the saved 600 s). */
async function playerStartTime(page: Page): Promise<unknown> {
  await page.locator('s72-player').waitFor({ timeout: 20_000 });
  return page.evaluate(() => (document.querySelector('s72-player') as (HTMLElement & { startTime?: number }) | null)?.startTime);
}

async function enterPin(page: Page, pin: string): Promise<void> {
  const input = page.getByLabel('PIN (4 digits)');
  await input.waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => !(document.querySelector('#pin-input') as HTMLInputElement | null)?.disabled, null, { timeout: 10_000 });
  await input.fill(pin);
  await page.locator('[data-testid="pin-submit"]').click();
}

/** What the viewer's video element is doing (inside `<s72-player>`'s shadow root). */
interface VideoState {
  currentTime: number;
  duration: number;
  paused: boolean;
  muted: boolean;
  playbackRate: number;
  /** `seeked` events since the first {@link videoState} of the page. */
  seekedEvents: number;
}

function videoState(page: Page): Promise<VideoState> {
  return page.evaluate(() => {
    const video = document.querySelector('s72-player')!.shadowRoot!.querySelector('video')!;
    const counted = video as HTMLVideoElement & { __seeked?: number };
    if (counted.__seeked === undefined) {
      counted.__seeked = 0;
      video.addEventListener('seeked', () => (counted.__seeked = (counted.__seeked ?? 0) + 1));
    }
    return {
      currentTime: video.currentTime,
      duration: video.duration,
      paused: video.paused,
      muted: video.muted,
      playbackRate: video.playbackRate,
      seekedEvents: counted.__seeked,
    };
  });
}

/** Waits until the video's time has moved on by a second (it really plays). */
async function timeMovesOn(page: Page): Promise<void> {
  const from = (await videoState(page)).currentTime;
  await page.waitForFunction((t) => document.querySelector('s72-player')!.shadowRoot!.querySelector('video')!.currentTime > t + 1, from, { timeout: 20_000 });
}

/** Moves the mouse over the player so its controls show. */
async function showControls(page: Page): Promise<void> {
  const box = (await page.locator('s72-player').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10);
}

/** A real mouse click on the seek bar at `fraction` of its width. */
async function clickSeekBarAt(page: Page, fraction: number, options: { force?: boolean } = {}): Promise<void> {
  const input = page.locator('s72-player [part="seek-input"]');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  const box = (await input.boundingBox())!;
  await input.click({ position: { x: box.width * fraction, y: box.height / 2 }, ...(options.force ? { force: true } : {}) });
}

/**
 * Waits until the video's position is within [`min`, `max`] (not seeking) and a frame has been
 * painted after that (`requestVideoFrameCallback`); returns the position and the painted frame's media time.
 */
async function paintedAfterSeek(page: Page, min: number, max: number): Promise<{ currentTime: number; frameTime: number }> {
  await page.waitForFunction(
    ({ lo, hi }) => {
      const video = document.querySelector('s72-player')!.shadowRoot!.querySelector('video')!;
      return !video.seeking && video.currentTime >= lo && video.currentTime <= hi;
    },
    { lo: min, hi: max },
    { timeout: 20_000 },
  );
  return page.evaluate(
    () =>
      new Promise<{ currentTime: number; frameTime: number }>((resolve) => {
        const video = document.querySelector('s72-player')!.shadowRoot!.querySelector('video')!;
        video.requestVideoFrameCallback((_now, frame) => resolve({ currentTime: video.currentTime, frameTime: frame.mediaTime }));
      }),
  );
}

/**
 * How fast the video's time advances against the page's clock, over 3 s of playing without a stall
 * (a window with a `waiting` event is measured again, up to 3 times).
 */
function measuredRate(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const video = document.querySelector('s72-player')!.shadowRoot!.querySelector('video')!;
    let rate = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      let stalled = false;
      // No named function in here: tsx would wrap it in a helper the page does not have.
      const stop = new AbortController();
      video.addEventListener('waiting', () => void (stalled = true), { signal: stop.signal });
      const t0 = video.currentTime;
      const c0 = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      stop.abort();
      rate = (video.currentTime - t0) / ((performance.now() - c0) / 1000);
      if (!stalled) break;
    }
    return rate;
  });
}

describe('play page: flow branches', () => {
  let demo: Demo;
  let browser: Browser;
  useDemoAndBrowser((started) => ({ demo, browser } = started));

  const open = async (hash: string) => {
    const { context, page, log } = await newPage(browser);
    await page.goto(demo.playUrl(hash));
    return { context, page, log };
  };

  it('coming soon: a live countdown (role=timer) that plays when it ends', { timeout: 300_000 }, async () => {
    // 15 s ahead: on a loaded CI machine the page took more than 3 s, and in a CI rehearsal of
    // 2026-11-29 more than 6 s, to reach its first round's answer; by then the title was available
    // and the film (whose time display is a timer too) played without a countdown.
    await control(demo, 'availability', { slug: '/film/clear-skies', fromInMs: 15_000 });
    const { context, page } = await open(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`);
    try {
      const timer = page.getByTestId('countdown');
      await timer.waitFor({ timeout: 20_000 });
      assert.equal(await timer.getAttribute('role'), 'timer');
      const first = await timer.textContent();
      assert.match(first ?? '', /^00:00:(0\d|1[0-5])$/);
      await page.waitForFunction((t) => document.querySelector('[data-testid="countdown"]')?.textContent !== t, first, { timeout: 3000 });
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 30_000 });
      await waitForPlayback(page, 0.5);
      const streams = await demo.requests('/services/playback/streams*');
      assert.equal(streams.length, 1, 'the streams call waits for the countdown');
    } finally {
      await context.close();
    }
  });

  it('coming soon in two days (/film/first-light): the countdown, no streams call', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/first-light/first-light?u=${TOKENS.adult}`);
    try {
      const timer = page.getByRole('timer');
      await timer.waitFor({ timeout: 20_000 });
      assert.match((await timer.textContent()) ?? '', /^(1 day|2 days) \d\d:\d\d:\d\d$/);
      await page.waitForTimeout(1200);
      assert.equal((await demo.requests('/services/playback/streams*')).length, 0);
    } finally {
      await context.close();
    }
  });

  it('expired → availability_expired with a way out', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/old-reel/old-reel?u=${TOKENS.adult}`);
    try {
      assert.equal(await errorCode(page), 'availability_expired');
      assert.equal(await page.getByRole('link', { name: 'Back' }).count(), 1);
      assert.equal((await demo.requests('/services/playback/streams*')).length, 0, 'no streams call');
    } finally {
      await context.close();
    }
  });

  it('PIN: an empty PIN fails without a call; wrong → incorrect_pin with attempts left; right → plays', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/quiet-room/quiet-room?u=${TOKENS.adult}`);
    try {
      const input = page.getByLabel('PIN (4 digits)');
      await input.waitFor({ timeout: 20_000 });
      assert.equal(await input.getAttribute('inputmode'), 'numeric');
      await page.locator('[data-testid="pin-submit"]').click();
      await page.getByRole('alert').filter({ hasText: 'Enter your 4-digit PIN.' }).waitFor({ timeout: 5000 });
      assert.equal((await demo.requests('/services/users/v1/user_pin_codes/verify')).length, 0, 'no verify call');

      await enterPin(page, '0000');
      const alert = page.getByRole('alert').filter({ hasText: 'Incorrect PIN. 4 attempts left.' });
      await alert.waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('[data-testid="error-code"]').textContent(), 'incorrect_pin');

      await enterPin(page, '1234');
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      const verifies = await demo.requests('/services/users/v1/user_pin_codes/verify');
      // The verification names its title: the storefront's streams call of a PIN-protected title
      // needs one for that title, younger than 10 minutes (issue 25 item 2).
      assert.deepEqual(
        verifies.map((r) => r.body),
        [
          { pin: '0000', slug: '/film/quiet-room' },
          { pin: '1234', slug: '/film/quiet-room' },
        ],
      );
      assert.deepEqual((await demo.requests('/services/playback/streams*')).map((r) => r.status), [200]);
    } finally {
      await context.close();
    }
  });

  it('PIN: five wrong answers → too_many_attempts and a locked-out state', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/quiet-room/quiet-room?u=${TOKENS.adult}`);
    try {
      for (let i = 1; i <= 4; i++) {
        await enterPin(page, '0000');
        await page
          .getByRole('alert')
          .filter({ hasText: `${5 - i} ${5 - i === 1 ? 'attempt' : 'attempts'} left` })
          .waitFor({ timeout: 10_000 });
      }
      await enterPin(page, '0000');
      await page.locator('[data-testid="pin-locked"]').waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('[data-testid="error-code"]').textContent(), 'too_many_attempts');
      assert.equal(await page.locator('#pin-input').count(), 0, 'no PIN field once locked out');
      assert.equal((await demo.requests('/services/playback/streams*')).length, 0);
    } finally {
      await context.close();
    }
  });

  const ageCases: Array<[string, string, string | null]> = [
    ['an adult plays the R18 film', TOKENS.adult, null],
    ['a minor gets age_restricted', TOKENS.minor, 'age_restricted'],
    ['a viewer without a dob gets missing_dob', TOKENS.noDob, 'missing_dob'],
  ];
  for (const [name, token, code] of ageCases) {
    it(`age check: ${name}`, { timeout: 300_000 }, async () => {
      const { context, page } = await open(`#/film/hard-edge/hard-edge?u=${token}`);
      try {
        if (code === null) {
          await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
        } else {
          assert.equal(await errorCode(page), code);
          assert.equal((await demo.requests('/services/playback/streams*')).length, 0, 'no streams call');
        }
      } finally {
        await context.close();
      }
    });
  }

  // play-page §5: the rule is minimum_purchase_age (18 in the demo); a classification may only raise
  // it. Issue 8: this used to assert that a minor may watch a PG title (classification minimum 0).
  it('age check: a title whose classification has no minimum age does not let a minor through', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/clear-skies/clear-skies?u=${TOKENS.minor}`);
    try {
      assert.equal(await errorCode(page), 'age_restricted');
      assert.equal((await demo.requests('/services/playback/streams*')).length, 0, 'no streams call');
    } finally {
      await context.close();
    }
  });

  // play-page §5 "If the lookup itself fails, viewing is allowed": the page goes on to the streams
  // call, and the storefront, which knows the viewer's date of birth, refuses it (issue 25 item 2).
  it('age check: a failing user lookup lets the page go on; the storefront refuses the minor: age_restricted', { timeout: 300_000 }, async () => {
    await demo.fault({ path: '/services/users/detail/users', status: 500 });
    const { context, page } = await open(`#/film/hard-edge/hard-edge?u=${TOKENS.minor}`);
    try {
      assert.equal(await errorCode(page), 'age_restricted');
      const streams = await demo.requests('/services/playback/streams*');
      assert.deepEqual(streams.map((r) => r.status), [403], 'the page made the streams call; the server refused it');
      assert.equal(await page.locator('[data-testid="player-screen"]').count(), 0);
    } finally {
      await context.close();
    }
  });

  it('age check: a failing user lookup lets an adult watch', { timeout: 300_000 }, async () => {
    await demo.fault({ path: '/services/users/detail/users', status: 500 });
    const { context, page } = await open(`#/film/hard-edge/hard-edge?u=${TOKENS.adult}`);
    try {
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  it('resume: last played 2 days ago → the prompt; "Resume from 10:00" starts the player at 600 s', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/resume-me/resume-me?u=${TOKENS.adult}`);
    try {
      const resume = page.getByRole('button', { name: 'Resume from 10:00' });
      await resume.waitFor({ timeout: 20_000 });
      assert.equal(await page.getByRole('button', { name: 'Start from the beginning' }).count(), 1);
      await resume.click();
      assert.equal(await playerStartTime(page), 600);
    } finally {
      await context.close();
    }
  });

  it('resume: "Start from the beginning" plays from 0', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/resume-me/resume-me?u=${TOKENS.adult}`);
    try {
      await page.getByRole('button', { name: 'Start from the beginning' }).click({ timeout: 20_000 });
      assert.ok((await playerStartTime(page)) == null, 'no start position');
      const t = await waitForPlayback(page, 0.5);
      assert.ok(t < 60, `currentTime ${t}`);
    } finally {
      await context.close();
    }
  });

  it('resume: last played 10 minutes ago → no prompt, starts at the saved position', { timeout: 300_000 }, async () => {
    // The storefront's progress is 2 days old; answer this one streams call with a recent one.
    await demo.fault({
      path: '/services/playback/streams/film/resume-me',
      status: 200,
      times: 1,
      body: {
        streams: [{ url: `${demo.url}/media/feature/mp4/feature.mp4`, encoding_type: 'mp4', drm_type: [] }],
        will_trigger_watch_window: false,
        play_token: null,
        playback_progress: { play_position: 600, length: 3600, completed: false, last_played_at: new Date(Date.now() - 600_000).toISOString() },
      },
    });
    const { context, page } = await open(`#/film/resume-me/resume-me?u=${TOKENS.adult}`);
    try {
      assert.equal(await playerStartTime(page), 600);
      assert.equal(await page.locator('[data-testid="resume-prompt"]').count(), 0);
    } finally {
      await context.close();
    }
  });

  it('resume: player_resume false → no prompt, starts at the saved position (play-page §5)', { timeout: 300_000 }, async () => {
    await demo.fault({
      path: '/services/meta/configuration',
      status: 200,
      body: { player_resume: false, minimum_purchase_age: 18, season_name: 'Season', sign_in_url: '/signin.html' },
    });
    const { context, page } = await open(`#/film/resume-me/resume-me?u=${TOKENS.adult}`);
    try {
      assert.equal(await playerStartTime(page), 600);
      assert.equal(await page.locator('[data-testid="resume-prompt"]').count(), 0);
    } finally {
      await context.close();
    }
  });

  it('resume: t in the address overrides the saved position (no prompt)', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/resume-me/resume-me?u=${TOKENS.adult}&t=30`);
    try {
      const t = await waitForPlayback(page, 30, 30_000);
      assert.ok(t >= 30 && t < 90, `currentTime ${t}`);
      assert.equal(await page.locator('[data-testid="resume-prompt"]').count(), 0);
    } finally {
      await context.close();
    }
  });

  it('rental: the watch-window notice, then Play plays', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/long-weekend/long-weekend?u=${TOKENS.adult}`);
    try {
      const notice = page.locator('[data-testid="watch-window-text"]');
      await notice.waitFor({ timeout: 20_000 });
      assert.equal(await notice.textContent(), 'Watch window: Once you start playing you will have 2 hours to finish watching.');
      assert.equal(await page.locator('s72-player').count(), 0, 'nothing plays before Play');
      await page.getByRole('button', { name: 'Play' }).click();
      await waitForPlayback(page, 0.5);
    } finally {
      await context.close();
    }
  });

  it('401 without a play token → the sign-in page with from; the stored token and user are cleared', { timeout: 300_000 }, async () => {
    // The session (tab storage) first holds the viewer's token and user id (play-page §3) ...
    const { context, page } = await open(`#/film/night-harbour/night-harbour?u=${TOKENS.adult}&t=5`);
    try {
      const playSession = async (): Promise<Record<string, unknown>> =>
        JSON.parse((await page.evaluate(() => sessionStorage.getItem('playSession'))) ?? '{}') as Record<string, unknown>;
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      await page.waitForFunction(() => (JSON.parse(sessionStorage.getItem('playSession') ?? '{}') as { userId?: string }).userId === '1001', null, {
        timeout: 20_000,
      });
      const before = await playSession();
      assert.equal(before['authToken'], TOKENS.adult);
      assert.equal(before['playToken'], undefined, 'no play token: the 401 clears the auth token');

      // ... then the storefront rejects the token (401 on the film call of the next load).
      await demo.fault({ path: '/services/meta/v2/film/*', status: 401, times: 1 });
      await page.reload();
      await page.waitForURL((u) => u.pathname === '/signin.html', { timeout: 20_000 });
      const from = new URL(page.url()).searchParams.get('from');
      assert.equal(from, demo.playUrl('#/film/night-harbour/night-harbour?t=5'));
      const after = await playSession();
      assert.equal(after['authToken'], undefined, 'auth token cleared');
      assert.equal(after['userId'], undefined, 'user cleared');
      assert.equal(after['itemToPlay'], '/film/night-harbour', 'the rest of the session is kept');
      assert.equal(JSON.parse((await page.evaluate(() => localStorage.getItem('playRedirect'))) ?? 'null'), from);

      // What the viewer gets: back on the play page (the address holds no token), the storefront is
      // asked without one, and the viewer is sent to sign in again, not shown the film.
      const asked = (await demo.requests('/services/*')).length;
      await page.goto(from!);
      await page.waitForURL((u) => u.pathname === '/signin.html', { timeout: 20_000 });
      const later = (await demo.requests('/services/*')).slice(asked);
      assert.ok(later.length > 0, 'the play page asked the storefront');
      assert.deepEqual(
        later.filter((r) => ['x-auth-token', 'x-play-token', 'authorization'].some((h) => r.headers[h] !== undefined)).map((r) => r.path),
        [],
        'no call carries the cleared token',
      );

      // Signing in on the storefront's page comes back to the play page, which now plays.
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.pathname === '/play/', { timeout: 20_000 });
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      const streams = await demo.requests('/services/playback/streams*');
      assert.equal(streams.at(-1)!.headers['x-auth-token'], TOKENS.adult);
    } finally {
      await context.close();
    }
  });

  it('a token the storefront rejects outright → the sign-in page with from', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/night-harbour/night-harbour?u=not-a-real-token&t=5`);
    try {
      await page.waitForURL((u) => u.pathname === '/signin.html', { timeout: 20_000 });
      assert.equal(new URL(page.url()).searchParams.get('from'), demo.playUrl('#/film/night-harbour/night-harbour?t=5'));
      const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem('playSession'))) ?? '{}') as Record<string, unknown>;
      assert.equal(stored['authToken'], undefined, 'the rejected token is cleared');
    } finally {
      await context.close();
    }
  });

  it('a season opened without an episode redirects to its first available episode', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/tv/harbour-lights/season/1?u=${TOKENS.adult}`);
    try {
      await page.waitForURL((u) => u.hash.startsWith('#/tv/harbour-lights/season/1/episode/1'), { timeout: 20_000 });
      await page.locator('[data-testid="title"]').filter({ hasText: 'The Lamp Room' }).waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('an off-site from is ignored: the code is shown, nothing is followed', { timeout: 300_000 }, async () => {
    const from = encodeURIComponent('https://evil.example/steal');
    const { context, page } = await open(`#/film/distant-coast/distant-coast?u=${TOKENS.adult}&from=${from}`);
    try {
      assert.equal(await errorCode(page), 'missing_from_library');
      assert.ok(page.url().startsWith(`${demo.url}/play/`), page.url());
    } finally {
      await context.close();
    }
  });

  it('a same-origin from: missing_from_library redirects with prompt and slug', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/distant-coast/distant-coast?u=${TOKENS.adult}&from=%2F`);
    try {
      await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('prompt') === 'player_missing_from_library', { timeout: 20_000 });
      assert.equal(new URL(page.url()).searchParams.get('slug'), '/film/distant-coast');
    } finally {
      await context.close();
    }
  });

  it('from absent: missing_from_library goes to the configured sign-in page with prompt and slug (play-page §2)', { timeout: 300_000 }, async () => {
    await demo.fault({
      path: '/services/meta/configuration',
      status: 200,
      body: { player_resume: true, minimum_purchase_age: 18, season_name: 'Season', sign_in_url: '/signin.html?via=configuration' },
    });
    const { context, page } = await open(`#/film/distant-coast/distant-coast?u=${TOKENS.adult}`);
    try {
      await page.waitForURL((u) => u.pathname === '/signin.html' && u.searchParams.get('prompt') === 'player_missing_from_library', { timeout: 20_000 });
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('via'), 'configuration', 'the configured sign-in page');
      assert.equal(url.searchParams.get('slug'), '/film/distant-coast');
    } finally {
      await context.close();
    }
  });

  it('from empty: none, the code is shown and nothing is followed (play-page §2)', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/distant-coast/distant-coast?u=${TOKENS.adult}&from=`);
    try {
      assert.equal(await errorCode(page), 'missing_from_library');
      await page.waitForTimeout(500);
      assert.ok(page.url().startsWith(`${demo.url}/play/`), page.url());
    } finally {
      await context.close();
    }
  });

  // play-page §2 `seeking`, `rates`, `autoplay` (issue 26: this used to read the values off the
  // player's config): what the viewer gets, in the video element, from real clicks and key presses.
  it('by default: the film autoplays with sound; a click on the seek bar and L move the picture there', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}`);
    try {
      await waitForPlayback(page, 0.5, 30_000);
      const started = await videoState(page);
      assert.equal(started.paused, false, 'autoplay: it plays');
      assert.equal(started.muted, false, 'with sound');
      await timeMovesOn(page);

      const duration = started.duration;
      await showControls(page);
      await clickSeekBarAt(page, 0.75);
      const target = 0.75 * duration;
      const painted = await paintedAfterSeek(page, target - 4, target + 4);
      assert.ok(Math.abs(painted.currentTime - target) < 4, `position ${painted.currentTime} near ${target} after the click`);
      assert.ok(Math.abs(painted.frameTime - painted.currentTime) < 1, `a frame painted there: ${painted.frameTime} at ${painted.currentTime}`);

      // L seeks 10 s on (the focus is in the player after the click), from where the picture was when
      // the key went down: recorded in the page (the film plays on while the key press travels, and a
      // loaded machine took seconds between reading the position and the key arriving).
      await page.evaluate(`window.addEventListener('keydown', () => {
        window.__atKey = document.querySelector('s72-player').shadowRoot.querySelector('video').currentTime;
      }, { capture: true, once: true })`);
      await page.keyboard.press('l');
      const before = (await page.evaluate('window.__atKey')) as number;
      const after = await paintedAfterSeek(page, before + 9, before + 14);
      assert.ok(after.currentTime >= before + 9 && after.currentTime < before + 14, `L: ${before} → ${after.currentTime}`);
    } finally {
      await context.close();
    }
  });

  it('seeking=false, rates=true, autoplay=false: waits for Play, then plays with sound; the seek bar and L do not move it; x2 plays twice as fast', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/film/clear-skies/clear-skies?u=${TOKENS.adult}&seeking=false&rates=true&autoplay=false`);
    try {
      const bigPlay = page.locator('s72-player [part="big-play-button"]');
      await page.waitForFunction(() => ((document.querySelector('s72-player') as (HTMLElement & { duration: number }) | null)?.duration ?? 0) > 0, null, { timeout: 30_000 });
      await bigPlay.waitFor({ state: 'visible', timeout: 20_000 });
      await page.waitForTimeout(1_000);
      const waiting = await videoState(page);
      assert.equal(waiting.paused, true, 'autoplay=false: nothing plays by itself');
      assert.ok(waiting.currentTime < 0.1, `still at the start: ${waiting.currentTime}`);

      await bigPlay.click();
      await waitForPlayback(page, 0.5, 30_000);
      const playing = await videoState(page);
      assert.equal(playing.paused, false, 'Play plays');
      assert.equal(playing.muted, false, 'with sound');

      // seeking=false: the seek bar is disabled, a click on it and L leave the position alone.
      await showControls(page);
      assert.equal(await page.locator('s72-player [part="seek-input"]').isDisabled(), true, 'the seek bar is disabled');
      const readAt = Date.now();
      const at = (await videoState(page)).currentTime;
      await clickSeekBarAt(page, 0.75, { force: true });
      await page.locator('s72-player [part="play-button"]').focus();
      await page.keyboard.press('l');
      await page.waitForTimeout(1_000);
      const still = await videoState(page);
      // No further on than playing at 1× for the time that passed (a slow machine takes seconds here).
      const elapsedS = (Date.now() - readAt) / 1000;
      assert.ok(still.currentTime >= at && still.currentTime <= at + elapsedS + 0.5, `no seek: ${at} → ${still.currentTime} in ${elapsedS} s`);
      assert.equal(still.seekedEvents, 0, 'no seek reached the video');

      // rates=true: Playback speed → x2 in the settings menu; the video plays at 2×.
      await showControls(page);
      await page.locator('s72-player [part~="settings-button"]').click();
      await page.locator('s72-player [role="menuitem"]:has-text("Playback speed")').first().click();
      await page.locator('s72-player [role="menuitemradio"]:has-text("x2")').click();
      await page.keyboard.press('Escape');
      assert.equal((await videoState(page)).playbackRate, 2, 'the video plays at 2×');
      const rate = await measuredRate(page);
      assert.ok(rate > 1.6 && rate < 2.4, `media time advances at ${rate.toFixed(2)}× the clock`);
    } finally {
      await context.close();
    }
  });

  // play-page §2: previous / next "among the available ones". Issue 8: this used to assert the
  // coming-soon episode 2 shown as a disabled next link.
  it('navigation bar: back link; no next when the only later episode is coming soon', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/tv/harbour-lights/season/1/episode/1/the-lamp-room?u=${TOKENS.adult}`);
    try {
      // The navigation bar is the player's title bar (player-and-client §2): its back link is in the
      // player's shadow root, and the page's links are slotted into it.
      await page.locator('s72-player [part="back-button"]').waitFor({ timeout: 20_000 });
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      await waitForPlayback(page, 0.2);
      assert.equal(await page.locator('s72-player [part="title"]').textContent(), 'The Lamp Room');
      assert.equal(await page.locator('[data-testid="nav-next"]').count(), 0, 'Fog Signal is not available: no next');
      assert.equal(await page.locator('[data-testid="nav-prev"]').count(), 0, 'no previous for the first episode');
      assert.equal(await page.locator('s72-player [part="back-button"]').count(), 1);
    } finally {
      await context.close();
    }
  });

  it('navigation bar: next and previous skip an unavailable episode to the nearest available one (/tv/signal-rock)', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/tv/signal-rock/season/1/episode/1/north-light?u=${TOKENS.adult}`);
    try {
      const next = page.locator('a[data-testid="nav-next"]');
      await next.waitFor({ timeout: 20_000 });
      assert.match((await next.textContent()) ?? '', /South Light/);
      assert.equal(await page.locator('[data-testid="nav-next"]').count(), 1, 'Blind Spot (coming soon) is not shown');
      // The title bar hides with the controls when idle: a viewer moves the mouse over the player first.
      await page.locator('s72-player').hover();
      await next.click();
      await page.locator('[data-testid="title"]').filter({ hasText: 'South Light' }).waitFor({ timeout: 20_000 });
      assert.ok(new URL(page.url()).hash.startsWith('#/tv/signal-rock/season/1/episode/3'), page.url());
      const prev = page.locator('a[data-testid="nav-prev"]');
      await prev.waitFor({ timeout: 20_000 });
      assert.match((await prev.textContent()) ?? '', /North Light/);
      assert.equal(await page.locator('[data-testid="nav-next"]').count(), 0, 'no next after the last episode');
    } finally {
      await context.close();
    }
  });

  // player-and-client §1 "a related-content menu", §8 labels: every episode of the season, the
  // unavailable ones labelled and not linked; reached with real Tab and Enter presses.
  it('related-content menu: the season with Coming soon labels, links only to playable episodes, keyboard-operable (/tv/signal-rock)', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/tv/signal-rock/season/1/episode/1/north-light?u=${TOKENS.adult}`);
    try {
      const button = page.locator('[data-testid="related-button"]');
      await button.waitFor({ state: 'attached', timeout: 20_000 });
      await waitForPlayback(page, 0.2);
      await page.locator('s72-player').hover();
      await button.focus();
      await page.keyboard.press('Enter');
      const rows = page.locator('[data-testid="related-menu"] li');
      await rows.first().waitFor({ timeout: 10_000 });
      const statuses = await rows.evaluateAll((lis) => lis.map((li) => `${(li as HTMLElement).dataset.status}:${li.textContent}`));
      assert.deepEqual(
        statuses.map((row) => row.split(':')[0]),
        ['available', 'coming-soon', 'available'],
        statuses.join(' | '),
      );
      assert.match(statuses[0]!, /North Light.*Playing/);
      assert.match(statuses[1]!, /Blind Spot.*Coming soon/);
      assert.equal(await rows.nth(1).locator('a').count(), 0, 'no link to a coming-soon episode');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'South Light', 'Tab reaches the playable episode');
      await page.keyboard.press('Escape');
      assert.equal(await page.locator('[data-testid="related-menu"] [hidden]').count(), 1, 'Escape closes the list');
      assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid), 'related-button');
    } finally {
      await context.close();
    }
  });

  // player-and-client §2: going to another item sets the hash and reloads the page, dropping t.
  // Issue 8: t used to be kept and the page re-routed without a reload.
  it('navigation bar: going to another episode reloads the page and drops t, keeping the rest of the query', { timeout: 300_000 }, async () => {
    await control(demo, 'availability', { slug: '/tv/harbour-lights/season/1/episode/2', fromInMs: null });
    const { context, page } = await open(`#/tv/harbour-lights/season/1/episode/1/the-lamp-room?u=${TOKENS.adult}&t=5&rates=true`);
    try {
      const next = page.locator('a[data-testid="nav-next"]');
      await next.waitFor({ timeout: 20_000 });
      await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
      const reloaded = page.waitForEvent('load', { timeout: 20_000 });
      await page.locator('s72-player').hover();
      await next.click();
      await reloaded;
      await page.locator('[data-testid="title"]').filter({ hasText: 'Fog Signal' }).waitFor({ timeout: 20_000 });
      assert.equal(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage), undefined, 'the page was reloaded');
      const hash = new URL(page.url()).hash;
      assert.ok(hash.startsWith('#/tv/harbour-lights/season/1/episode/2/fog-signal'), hash);
      assert.ok(hash.endsWith('?rates=true'), `t dropped, rates kept: ${hash}`);
      assert.ok((await playerStartTime(page)) == null, 'no start position carried over');
      const prev = page.locator('a[data-testid="nav-prev"]');
      await prev.waitFor({ timeout: 20_000 });
      await page.locator('s72-player').hover();
      await prev.click();
      await page.locator('[data-testid="title"]').filter({ hasText: 'The Lamp Room' }).waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('nav=false hides the navigation bar', { timeout: 300_000 }, async () => {
    const { context, page } = await open(`#/tv/harbour-lights/season/1/episode/1/the-lamp-room?u=${TOKENS.adult}&nav=false`);
    try {
      await page.locator('[data-testid="player-screen"]').waitFor({ timeout: 20_000 });
      await waitForPlayback(page, 0.2);
      // The player's title bar has nothing to show (no title, no back link, nothing slotted): hidden.
      assert.equal(await page.locator('s72-player [part="back-button"]').count(), 0);
      assert.equal(await page.locator('s72-player [part="title"]').count(), 0);
      assert.equal(await page.locator('[data-testid="related-button"]').count(), 0);
      assert.equal(await page.locator('s72-player s72-title-bar').evaluate((bar) => getComputedStyle(bar).display), 'none');
      assert.equal(await page.locator('[data-testid="title"]').textContent(), 'The Lamp Room', 'the page keeps its (visually hidden) heading');
    } finally {
      await context.close();
    }
  });
});

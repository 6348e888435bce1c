/**
 * The cast timings on sinon fake timers (core/cast/cast-timers.ts, sdk-loader.ts; player-and-client
 * §9 "Cast": poll 5 s while casting and visible, debounce 500 ms, receiver status timeout 60 s / 10 s
 * when resuming, re-check at most every 10 s, SDK wait 30 s, volume throttle 500 ms).
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { systemClock } from '../../../src-element/core/clock.js';
import {
  CAST_RECEIVER_STATUS_RECHECK_MS,
  CAST_RECEIVER_STATUS_RESUME_TIMEOUT_MS,
  CAST_RECEIVER_STATUS_TIMEOUT_MS,
  CAST_SDK_LOAD_TIMEOUT_MS,
  CAST_SDK_URL,
  CAST_STATUS_DEBOUNCE_MS,
  CAST_STATUS_POLL_MS,
  CAST_VOLUME_THROTTLE_MS,
} from '../../../src-element/core/cast/cast-constants.js';
import { Debounce, ReceiverStatusWatch, StatusPoller, Throttle } from '../../../src-element/core/cast/cast-timers.js';
import { castSdkLoader } from '../../../src-element/core/cast/sdk-loader.js';
import type { S72Error } from '../../../src-element/core/errors.js';

describe('cast timings (player-and-client §9 "Cast")', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => clock.restore());

  it('the constants are the spec\'s', () => {
    expect([CAST_STATUS_POLL_MS, CAST_STATUS_DEBOUNCE_MS, CAST_RECEIVER_STATUS_TIMEOUT_MS, CAST_RECEIVER_STATUS_RESUME_TIMEOUT_MS]).to.deep.equal([5000, 500, 60000, 10000]);
    expect([CAST_RECEIVER_STATUS_RECHECK_MS, CAST_SDK_LOAD_TIMEOUT_MS, CAST_VOLUME_THROTTLE_MS]).to.deep.equal([10000, 30000, 500]);
  });

  it('debounce 500 ms: a burst sends one request, 500 ms after the last trigger', () => {
    const sent = sinon.spy();
    const debounce = new Debounce(systemClock, sent);
    debounce.trigger();
    clock.tick(400);
    debounce.trigger();
    clock.tick(499);
    expect(sent.callCount).to.equal(0);
    clock.tick(1);
    expect(sent.callCount).to.equal(1);
    debounce.trigger();
    debounce.stop();
    clock.tick(1000);
    expect(sent.callCount, 'stopped').to.equal(1);
  });

  it('poll every 5 s while casting and visible; hidden stops it, visible again polls at once', () => {
    const poll = sinon.spy();
    const poller = new StatusPoller(systemClock, poll);
    poller.setVisible(true);
    clock.tick(20_000);
    expect(poll.callCount, 'not casting').to.equal(0);
    poller.setCasting(true);
    clock.tick(4_999);
    expect(poll.callCount).to.equal(0);
    clock.tick(1);
    expect(poll.callCount).to.equal(1);
    clock.tick(10_000);
    expect(poll.callCount).to.equal(3);
    poller.setVisible(false);
    clock.tick(30_000);
    expect(poll.callCount, 'hidden').to.equal(3);
    expect(poller.running).to.equal(false);
    poller.setVisible(true);
    expect(poll.callCount, 'visible: at once').to.equal(4);
    clock.tick(5_000);
    expect(poll.callCount).to.equal(5);
    poller.setCasting(false);
    clock.tick(30_000);
    expect(poll.callCount, 'stopped casting').to.equal(5);
  });

  it('receiver status timeout 60 s, checked every 10 s; answers move the deadline', () => {
    const timedOut = sinon.spy();
    const watch = new ReceiverStatusWatch(systemClock, timedOut);
    watch.start({ resuming: false });
    expect(watch.currentTimeoutMs).to.equal(60_000);
    clock.tick(25_000);
    watch.answered(); // at 25 s
    clock.tick(59_000); // 84 s: 59 s since the answer
    expect(timedOut.callCount).to.equal(0);
    clock.tick(6_000); // the check at 90 s: 65 s since the answer
    expect(timedOut.callCount).to.equal(1);
    expect(watch.watching).to.equal(false);
  });

  it('the timeout fires at the first check past the deadline, never between checks', () => {
    const timedOut = sinon.spy();
    const watch = new ReceiverStatusWatch(systemClock, timedOut);
    watch.start({ resuming: false });
    clock.tick(5_000);
    watch.answered(); // deadline 65 s
    clock.tick(64_999); // 69.999 s
    expect(timedOut.callCount, 'the 60-s check was early, the next one is at 70 s').to.equal(0);
    clock.tick(1);
    expect(timedOut.callCount).to.equal(1);
  });

  it('resuming: 10 s; after the first answer the normal 60 s', () => {
    const timedOut = sinon.spy();
    const watch = new ReceiverStatusWatch(systemClock, timedOut);
    watch.start({ resuming: true });
    expect(watch.currentTimeoutMs).to.equal(10_000);
    clock.tick(9_999);
    expect(timedOut.callCount).to.equal(0);
    clock.tick(1);
    expect(timedOut.callCount).to.equal(1);
    watch.start({ resuming: true });
    clock.tick(5_000);
    watch.answered();
    expect(watch.currentTimeoutMs).to.equal(60_000);
    clock.tick(60_000);
    expect(timedOut.callCount).to.equal(1);
    clock.tick(10_000);
    expect(timedOut.callCount).to.equal(2);
    watch.start({ resuming: false });
    watch.stop();
    clock.tick(120_000);
    expect(timedOut.callCount, 'stopped').to.equal(2);
  });

  it('volume throttle 500 ms: the first change at once, then at most one per 500 ms, the last always', () => {
    const sent = sinon.spy();
    const throttle = new Throttle<number>(systemClock, sent);
    throttle.push(0.1);
    throttle.push(0.2);
    throttle.push(0.3);
    expect(sent.args.map((a) => a[0])).to.deep.equal([0.1]);
    clock.tick(499);
    expect(sent.callCount).to.equal(1);
    clock.tick(1);
    expect(sent.args.map((a) => a[0])).to.deep.equal([0.1, 0.3]);
    throttle.push(0.4);
    clock.tick(500);
    expect(sent.args.map((a) => a[0])).to.deep.equal([0.1, 0.3, 0.4]);
    clock.tick(500);
    throttle.push(0.5);
    expect(sent.args.map((a) => a[0]), 'quiet again: at once').to.deep.equal([0.1, 0.3, 0.4, 0.5]);
  });
});

describe('Cast SDK loader (player-and-client §7, §9 "SDK load wait up to 30 s")', () => {
  let clock: sinon.SinonFakeTimers;
  const g = globalThis as unknown as Record<string, unknown>;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    delete g['__onGCastApiAvailable'];
    delete g['cast'];
  });
  afterEach(() => {
    clock.restore();
    delete g['__onGCastApiAvailable'];
    delete g['cast'];
    delete (g['chrome'] as Record<string, unknown>)['cast'];
  });

  const fakeFramework = () => {
    // The SDK defines chrome.cast next to cast.framework.
    (g['chrome'] as Record<string, unknown>)['cast'] = {};
    return { framework: { CastContext: { getInstance: () => ({}) } } };
  };

  it('asks the injector for the Google sender URL and resolves when __onGCastApiAvailable(true) is called', async () => {
    const urls: string[] = [];
    const load = castSdkLoader((url) => {
      urls.push(url);
      setTimeout(() => {
        g['cast'] = fakeFramework();
        (g['__onGCastApiAvailable'] as (ok: boolean) => void)(true);
      }, 1_000);
    });
    const loading = load();
    await clock.tickAsync(1_000);
    const sdk = await loading;
    expect(urls).to.deep.equal([CAST_SDK_URL]);
    expect(CAST_SDK_URL).to.equal('https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1');
    expect(sdk.framework).to.equal((g['cast'] as { framework: unknown }).framework);
  });

  it('no answer in 30 s: cast_sdk_not_loaded (not at 29.999 s)', async () => {
    const load = castSdkLoader(() => undefined);
    let error: S72Error | null = null;
    load().catch((e: S72Error) => (error = e));
    await clock.tickAsync(CAST_SDK_LOAD_TIMEOUT_MS - 1);
    expect(error).to.equal(null);
    await clock.tickAsync(1);
    expect(error).to.include({ code: 'cast_sdk_not_loaded', severity: 'recoverable', category: 'cast' });
  });

  it('the script failing, or the SDK saying not available: cast_sdk_not_loaded at once', async () => {
    const failed = castSdkLoader((_url, onError) => onError(new Event('error')))();
    expect(await failed.catch((e: S72Error) => e.code)).to.equal('cast_sdk_not_loaded');
    const unavailable = castSdkLoader(() => (g['__onGCastApiAvailable'] as (ok: boolean, reason: string) => void)(false, 'no extension'))();
    expect(await unavailable.catch((e: S72Error) => e.code)).to.equal('cast_sdk_not_loaded');
  });

  it('the SDK already on the page: resolves without injecting', async () => {
    g['cast'] = fakeFramework();
    const inject = sinon.spy();
    await castSdkLoader(inject)();
    expect(inject.callCount).to.equal(0);
  });
});

/**
 * The shared clock (DESIGN.md "Timers and I/O are injected"): `systemClock` looks the globals up on
 * every call, so sinon fake timers installed after import drive it; `sleepMs` honours aborts.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { sleepMs, systemClock, type Clock } from '../../src-element/core/clock.js';

describe('systemClock and sleepMs (core/clock.ts)', () => {
  let clock: sinon.SinonFakeTimers | undefined;
  afterEach(() => clock?.restore());

  it('follows fake timers installed after the module was imported', async () => {
    clock = sinon.useFakeTimers({ now: 1_000, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    expect(systemClock.now()).to.equal(1_000);
    const fired: string[] = [];
    systemClock.setTimeout(() => fired.push('timeout'), 500);
    const cancelled = systemClock.setTimeout(() => fired.push('cancelled'), 500);
    systemClock.clearTimeout(cancelled);
    const interval = systemClock.setInterval(() => fired.push('tick'), 200);
    await clock.tickAsync(600);
    systemClock.clearInterval(interval);
    await clock.tickAsync(1_000);
    expect(fired).to.deep.equal(['tick', 'tick', 'timeout', 'tick']);
    expect(systemClock.now()).to.equal(2_600);
  });

  it('uses the real timers again once the fakes are restored', async () => {
    const before = Date.now();
    await sleepMs(5);
    expect(systemClock.now()).to.be.at.least(before);
  });

  it('sleepMs waits on the given clock', async () => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done = false;
    void sleepMs(1_000).then(() => (done = true));
    await clock.tickAsync(999);
    expect(done).to.equal(false);
    await clock.tickAsync(1);
    expect(done).to.equal(true);

    const delays: number[] = [];
    const manual: Clock = { now: () => 0, setTimeout: (fn, ms) => (delays.push(ms), systemClock.setTimeout(fn, 0)), clearTimeout: () => undefined };
    const waiting = sleepMs(-5, { clock: manual });
    await clock.tickAsync(0);
    await waiting;
    expect(delays, 'negative delays are 0').to.deep.equal([0]);
  });

  it('sleepMs rejects with the abort reason and clears its timer', async () => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const controller = new AbortController();
    const waiting = sleepMs(10_000, { signal: controller.signal }).catch((error: unknown) => error);
    expect(clock.countTimers()).to.equal(1);
    controller.abort('gone');
    expect(await waiting).to.equal('gone');
    expect(clock.countTimers()).to.equal(0);
    const already = await sleepMs(10, { signal: controller.signal }).catch((error: unknown) => error);
    expect(already).to.equal('gone');
  });
});

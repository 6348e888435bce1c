/**
 * The play page's logger (play-page §9 "Logging level WARN, sent to a log service"): WARN and
 * above go to the demo storefront's log service (`POST /services/log`), batched through the
 * client's log reporter, tokens redacted; nothing below WARN is sent.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { LOG_SERVICE_PATH, PAGE_LOG_BATCH_MS, PAGE_LOG_LEVEL, createPageLogger } from '../../src-shell/app/logger.js';
import { ADULT_TOKEN, demoOrigin, recordedRequests, resetDemo } from '../helpers/demo.js';

const quiet = { debug() {}, log() {}, warn() {}, error() {} };

describe('play page logger (play-page §9)', function () {
  this.timeout(20_000);
  beforeEach(() => resetDemo());

  it('is WARN, posting to /services/log', () => {
    expect(PAGE_LOG_LEVEL).to.equal('warn');
    expect(LOG_SERVICE_PATH).to.equal('/services/log');
  });

  it('sends warn and error lines in one batch, redacted; debug and log never', async () => {
    const logger = createPageLogger({ baseUrl: demoOrigin(), console: quiet });
    logger.debug('debug line');
    logger.log('log line');
    logger.warn('playlist unavailable', { authToken: ADULT_TOKEN });
    logger.error(`failed at /play/#/film/x?u=${ADULT_TOKEN}&p=play-secret`);
    await logger.flush();
    const posts = await recordedRequests(LOG_SERVICE_PATH);
    expect(posts).to.have.length(1);
    expect(posts[0]!.method).to.equal('POST');
    const lines = posts[0]!.body as Array<{ level: string; tags: string[]; message: string }>;
    expect(lines.map((l) => l.level)).to.deep.equal(['warn', 'error']);
    expect(lines[0]!.tags).to.include('play-page');
    expect(lines[0]!.message).to.contain('playlist unavailable');
    const text = JSON.stringify(posts[0]!.body);
    expect(text).not.to.contain(ADULT_TOKEN);
    expect(text).not.to.contain('play-secret');
    expect(text).not.to.contain('debug line');
    expect(text).not.to.contain('log line');
    logger.destroy();
  });

  it('batches on its window (fake timers): one post after PAGE_LOG_BATCH_MS', async () => {
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const logger = createPageLogger({ baseUrl: demoOrigin(), console: quiet });
      logger.warn('one');
      logger.warn('two');
      await clock.tickAsync(PAGE_LOG_BATCH_MS - 1);
      expect(await recordedRequests(LOG_SERVICE_PATH)).to.have.length(0);
      await clock.tickAsync(1);
      let posts = await recordedRequests(LOG_SERVICE_PATH);
      for (let i = 0; i < 100 && posts.length === 0; i += 1) posts = await recordedRequests(LOG_SERVICE_PATH);
      expect(posts).to.have.length(1);
      expect((posts[0]!.body as unknown[]).length).to.equal(2);
      logger.destroy();
    } finally {
      clock.restore();
    }
  });

  it('flushes with keepalive on pagehide', async () => {
    const target = new EventTarget();
    const logger = createPageLogger({ baseUrl: demoOrigin(), console: quiet, lifecycle: { window: target } });
    logger.error('going away');
    target.dispatchEvent(new Event('pagehide'));
    let posts = await recordedRequests(LOG_SERVICE_PATH);
    for (let i = 0; i < 100 && posts.length === 0; i += 1) posts = await recordedRequests(LOG_SERVICE_PATH);
    expect(posts).to.have.length(1);
    logger.destroy();
  });
});

/**
 * The play page's live screens (issue 9; play-page §4 "Live events", §8): the countdown of a live
 * event that is not live yet, the live-ended screen (a heading that takes focus, English and
 * Arabic), and the texts of the heartbeat's too_many_streams and content_expired.
 */
import { expect } from '@open-wc/testing';
import { createElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { S72Error } from 's72-player/client';
import { CountdownScreen } from '../../src-shell/features/play-flow/components/countdown-screen.js';
import { ErrorScreen } from '../../src-shell/features/play-flow/components/error-screen.js';
import { LiveEndedScreen } from '../../src-shell/features/play-flow/components/live-ended-screen.js';
import { toFlowError } from '../../src-shell/features/play-flow/flow-errors.js';
import { PlayerScreen } from '../../src-shell/features/player/components/player-screen.js';
import { I18nProvider } from '../../src-shell/lib/i18n.js';
import { MEDIA, demoUrl } from '../helpers/demo.js';
import { useReactRoot } from './support/react-root.js';

const inArabic = (child: ReactNode) => createElement(I18nProvider, { locale: 'ar' }, child);

describe('play page: live screens', () => {
  const dom = useReactRoot();

  it('a live event not live yet: a polite notice and no timer when no start time is known', () => {
    flushSync(() => dom.root.render(createElement(CountdownScreen, { title: 'Gala', now: 7_000, live: true, backHref: '/' })));
    expect(dom.host.querySelector('[role="timer"]')).to.equal(null);
    expect(dom.host.querySelector('[data-testid="live-soon"]')!.textContent).to.equal(
      'This live event has not started yet. It plays as soon as it goes live.',
    );
    expect(dom.host.querySelector('[data-testid="live-soon"]')!.getAttribute('role')).to.equal('status');
    // With a start time, the timer and the notice; a start already passed reads 00:00:00.
    flushSync(() => dom.root.render(createElement(CountdownScreen, { title: 'Gala', availableAt: 5_000, now: 7_000, live: true, backHref: '/' })));
    expect(dom.host.querySelector('[role="timer"]')!.textContent).to.equal('00:00:00');
    expect(dom.host.querySelector('[data-testid="live-soon"]')).to.exist;
  });

  it('the live-ended screen: its own heading, focused, the code, a way back', () => {
    flushSync(() => dom.root.render(createElement(LiveEndedScreen, { backHref: '/films' })));
    const heading = dom.host.querySelector('h1')!;
    expect(heading.textContent).to.equal('This live event has ended');
    expect(document.activeElement).to.equal(heading);
    expect(dom.host.querySelector('[data-testid="error-code"]')!.textContent).to.equal('live_event_completed');
    expect(dom.host.querySelector('[data-testid="error-screen"]'), 'not the error panel').to.equal(null);
    expect(dom.host.querySelector('a')!.getAttribute('href')).to.equal('/films');
  });

  it('the live-ended screen and the live notice in Arabic', () => {
    flushSync(() => dom.root.render(inArabic(createElement(LiveEndedScreen, { backHref: '/' }))));
    expect(dom.host.querySelector('h1')!.textContent).to.equal('انتهى هذا البث المباشر');
    expect(dom.host.querySelector('p')!.textContent).to.equal('انتهى البث. شكرًا لمشاهدتك.');
    flushSync(() => dom.root.render(inArabic(createElement(CountdownScreen, { title: 'Gala', now: 0, live: true, backHref: '/' }))));
    expect(dom.host.querySelector('[data-testid="live-soon"]')!.textContent).to.equal('لم يبدأ هذا البث المباشر بعد. سيبدأ التشغيل فور بدء البث.');
  });

  it('too_many_streams says what to do and offers a retry; content_expired says access ended', () => {
    const busy = toFlowError(new S72Error('too_many_streams', 'heartbeat 451', { category: 'network', httpStatus: 451 }));
    flushSync(() => dom.root.render(createElement(ErrorScreen, { error: busy, onRetry: () => undefined })));
    expect(dom.host.querySelector('h1')!.textContent).to.equal('Too many streams');
    expect(dom.host.querySelector('.error__message')!.textContent).to.contain('Stop playing on another screen');
    expect(dom.host.querySelector('[data-testid="retry"]')).to.exist;
    const expired = toFlowError(new S72Error('content_expired', 'heartbeat 403', { category: 'network', httpStatus: 403 }));
    flushSync(() => dom.root.render(createElement(ErrorScreen, { error: expired, onRetry: () => undefined })));
    expect(dom.host.querySelector('[data-testid="error-code"]')!.textContent).to.equal('content_expired');
    expect(dom.host.querySelector('.error__message')!.textContent).to.equal('Your access to this title has ended.');
    expect(dom.host.querySelector('[data-testid="retry"]')).to.equal(null);
  });

  it('the player screen hands the player its refreshPlayToken hook (LIVE_STREAM_EXPIRED, play-page §4)', () => {
    const refresh = async () => 'fresh';
    const props = { content: { slug: '/film/clear-skies', title: 'Clear Skies', assets: { mp4: { url: demoUrl(MEDIA.mp4) } } }, config: {}, title: 'Clear Skies', autoplay: false, showNavbar: false, backHref: '/' };
    flushSync(() => dom.root.render(createElement(PlayerScreen, { ...props, refreshPlayToken: refresh })));
    const player = dom.host.querySelector('s72-player') as HTMLElement & { refreshPlayToken: unknown };
    expect(player.refreshPlayToken).to.equal(refresh);
    flushSync(() => dom.root.render(createElement(PlayerScreen, props)));
    expect(player.refreshPlayToken).to.equal(null);
  });
});

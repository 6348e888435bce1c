/**
 * The player screen's playlist "Skip" (play-page §4 skip policy; player-and-client §9 "Controls":
 * shows after 3 s and 5 s of play, hides after 20 s, hidden for videos of 10 s or less), with the
 * real `<s72-player>` playing the demo storefront's 60 s MP4 and the injected clock for the timing.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import type { S72Content } from 's72-player/client';
import { PlayerScreen } from '../../../src-shell/features/player/components/player-screen.js';
import { MEDIA, demoUrl } from '../../helpers/demo.js';
import { useReactRoot } from '../support/react-root.js';
import { manualClock } from '../support/manual-clock.js';

const CONTENT: S72Content = { slug: '/film/clear-skies', title: 'Clear Skies', assets: { mp4: { url: demoUrl(MEDIA.mp4) } } };

describe('player screen: the playlist Skip button', () => {
  const dom = useReactRoot();

  const skip = () => dom.host.querySelector<HTMLButtonElement>('[data-testid="skip"]');
  const player = () => dom.host.querySelector('s72-player') as (HTMLElement & { currentTime: number; duration: number; muted: boolean }) | null;

  function render(onSkip: (() => void) | undefined, clock = manualClock()) {
    flushSync(() =>
      dom.root.render(
        createElement(PlayerScreen, {
          content: CONTENT,
          config: {},
          title: 'Clear Skies',
          autoplay: true,
          showNavbar: true,
          backHref: '/',
          onSkip,
          clock,
        }),
      ),
    );
    return clock;
  }

  async function untilPlaying() {
    // Past the first second, so start-up buffering (`waiting` stops the count of play) is over.
    await waitUntil(() => (player()?.currentTime ?? 0) > 1 && player()!.duration > 10, 'the player plays the demo MP4', { timeout: 20_000 });
  }

  it('shows only after 3 s of play, is usable from 5 s and hides at 20 s', async () => {
    let skipped = 0;
    const clock = render(() => skipped++);
    expect(skip(), 'no Skip before playing').to.equal(null);
    await untilPlaying();
    clock.tick(2_900);
    await Promise.resolve();
    expect(skip(), 'no Skip before 3 s of play').to.equal(null);
    clock.tick(100);
    await waitUntil(() => skip() !== null, 'Skip shows at 3 s');
    expect(skip()!.disabled, 'not usable before 5 s').to.equal(true);
    skip()!.click();
    expect(skipped).to.equal(0);
    clock.tick(2_000);
    await waitUntil(() => skip()?.disabled === false, 'Skip is usable at 5 s');
    expect(skip()!.textContent).to.equal('Skip');
    skip()!.click();
    expect(skipped).to.equal(1);
    clock.tick(15_000);
    await waitUntil(() => skip() === null, 'Skip hides at 20 s of play');
  });

  it('no Skip at all when the item cannot be skipped (no next item, or its policy forbids it)', async () => {
    const clock = render(undefined);
    await untilPlaying();
    clock.tick(6_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(skip()).to.equal(null);
  });
});

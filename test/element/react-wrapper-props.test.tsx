/**
 * What `s72-player/react` lets a page write (issue 24): props are the element's settable properties
 * and one handler per event the player fires; the plain `<s72-player>` tag type-checks in JSX; the
 * `s72-*` events are typed on the player only. The `@ts-expect-error` lines fail `npm run typecheck`
 * if a prop that cannot work is ever accepted again; the runtime checks show the handlers fire.
 */
import { expect } from '@open-wc/testing';
import { createRef, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { S72Player, S72PlayerElement, S72_PLAYER_PROPS, type S72PlayerProps } from '../../src-element/react/index.js';
import { ADULT_TOKEN, CLEARKEY_LICENSE_PATH, MEDIA, demoUrl, playTokenFor, recordedRequests, resetDemo, until } from '../helpers/demo.js';

// Read-only state and methods are not props (setting them throws or does nothing).
// @ts-expect-error `duration` is a getter of the element
export const noDuration: S72PlayerProps = { duration: 5 };
// @ts-expect-error `paused` is read-only: call play()/pause() on the element through `ref`
export const noPaused: S72PlayerProps = { paused: true };
// @ts-expect-error methods are not props
export const noMethod: S72PlayerProps = { play: () => Promise.resolve() };
// @ts-expect-error Lit internals are not props
export const noLitInternals: S72PlayerProps = { renderRoot: document.body };
// @ts-expect-error the key system is one of the four the player knows
export const noUnknownKeySystem: S72PlayerProps = { keySystem: 'widevin' };
// @ts-expect-error `onEncrypted` would never be called: the player handles its keys itself
export const noEncrypted: S72PlayerProps = { onEncrypted: () => undefined };
// @ts-expect-error `s72-*` events are not added to every HTML element's event map
document.body.addEventListener('s72-error', (event) => event.detail);

// What is offered: settable properties, typed media and player events, host attributes.
export const offered: S72PlayerProps = {
  src: '/media/film.mpd',
  keySystem: 'clearkey',
  licenseUrl: '/licence',
  startTime: 30,
  muted: true,
  volume: 0.5,
  className: 'film',
  onStalled: (event) => event.target.currentTime,
  onCanPlayThrough: (event) => event.target.duration,
  onS72Error: (event) => event.detail.code,
};
// The plain tag in JSX, with its attributes.
export const plainTag = <s72-player src="/media/film.mpd" license-url="/licence" key-system="clearkey" start-time={30} muted />;

describe('s72-player/react props', function () {
  this.timeout(40_000);

  it('offers exactly the settable properties of the element, each a writable property', () => {
    const element = document.createElement('s72-player');
    for (const name of S72_PLAYER_PROPS) {
      let target: object | null = element;
      let descriptor: PropertyDescriptor | undefined;
      while (target && !descriptor) {
        descriptor = Object.getOwnPropertyDescriptor(target, name);
        target = Object.getPrototypeOf(target) as object | null;
      }
      expect(descriptor, name).to.exist;
      expect(Boolean(descriptor!.set) || descriptor!.writable === true, `${name} is settable`).to.equal(true);
    }
  });

  it('fires onCanPlayThrough and onProgress from the inner video through the React props', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const ref = createRef<S72PlayerElement>();
    const seen = new Set<string>();
    flushSync(() =>
      root.render(
        <S72Player
          ref={ref}
          muted
          content={{ slug: '/film/clear-skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } }}
          onCanPlayThrough={(event) => event.target === ref.current && seen.add('canplaythrough')}
          onProgress={() => seen.add('progress')}
        />,
      ),
    );
    await until(() => seen.has('canplaythrough'), 'canplaythrough through the React prop');
    root.unmount();
    host.remove();
  });

  it('content and config written inline in a component that re-renders 4×/s: one manifest request, one licence request, playing', async () => {
    await resetDemo();
    // The licence server gives keys to the play token of a streams call.
    const playToken = await playTokenFor('/film/night-harbour');
    const ref = createRef<S72PlayerElement>();
    let renders = 0;
    const errors: string[] = [];
    // The README's pattern: the objects are built on every render of a parent that keeps state.
    function Film({ viewer }: { viewer: string }) {
      const [seconds, setSeconds] = useState(0);
      useEffect(() => {
        const timer = setInterval(() => setSeconds((value) => value + 0.25), 250);
        return () => clearInterval(timer);
      }, []);
      renders += 1;
      return (
        <S72Player
          ref={ref}
          muted
          autoplay
          onS72Error={(event) => errors.push(event.detail.code)}
          content={{ slug: '/film/night-harbour', title: 'Night Harbour', authorization: viewer, playToken, assets: { dash: { url: demoUrl(MEDIA.cencDash), drms: ['clearkey'] } } }}
          config={{ drm: { clearkey: { licenseUrl: demoUrl(CLEARKEY_LICENSE_PATH) } }, title: `Night Harbour · ${seconds.toFixed(2)}` }}
        />
      );
    }
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    flushSync(() => root.render(<Film viewer={ADULT_TOKEN} />));
    await until(() => renders >= 24, () => `24 renders (${renders})`, 15_000);
    await until(() => (ref.current?.currentTime ?? 0) > 1, () => `playing (at ${ref.current?.currentTime}; errors: ${errors.join()})`);
    expect(ref.current!.paused).to.equal(false);
    expect((await recordedRequests(MEDIA.cencDash)).length, 'manifest requests').to.equal(1);
    expect((await recordedRequests(CLEARKEY_LICENSE_PATH)).length, 'licence requests').to.equal(1);
    // Config that does not identify the source applies in place: the title bar shows the last title.
    const title = () => ref.current!.shadowRoot!.querySelector('s72-title-bar')?.shadowRoot?.textContent ?? '';
    await until(() => /Night Harbour · \d/.test(title()), () => `title in place (${title()})`);
    // Another viewer token is a new source.
    flushSync(() => root.render(<Film viewer="demo-nodob-token" />));
    let manifests = 1;
    for (const deadline = performance.now() + 20_000; manifests < 2 && performance.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      manifests = (await recordedRequests(MEDIA.cencDash)).length;
    }
    expect(manifests, 'a new viewer token loads the source again').to.equal(2);
    root.unmount();
    host.remove();
  });

  it('onError fires once when playback fails for good (a licence refused), with the critical S72Error in lastError', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const ref = createRef<S72PlayerElement>();
    const fired: Array<string | undefined> = [];
    flushSync(() =>
      root.render(
        <S72Player
          ref={ref}
          muted
          autoplay
          src={demoUrl(MEDIA.cencDash)}
          keySystem="clearkey"
          licenseUrl={demoUrl(CLEARKEY_LICENSE_PATH)}
          config={{ network: { maxAttempts: 1, baseDelayMs: 0 } }}
          onError={(event) => fired.push(event.target.lastError?.severity)}
        />,
      ),
    );
    await until(() => fired.length > 0, 'onError (no viewer token: the licence is refused)', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fired).to.deep.equal(['critical']);
    root.unmount();
    host.remove();
  });

  it('an invalid_config found while the element upgrades stays in lastError for a listener that comes later, until the attribute changes', async () => {
    const host = document.createElement('div');
    host.innerHTML = '<s72-player key-system="widevin" config="{not json"></s72-player>';
    document.body.append(host);
    const player = host.querySelector('s72-player')!;
    await player.updateComplete;
    // No listener existed: the error is still there to read, recoverable, naming what is wrong.
    expect(player.lastError?.code).to.equal('invalid_config');
    expect(player.lastError?.severity).to.equal('recoverable');
    expect(player.shadowRoot!.querySelector('[part~="error"]'), 'a recoverable error does not cover the player').to.equal(null);
    player.keySystem = 'clearkey';
    player.config = {};
    await player.updateComplete;
    expect(player.lastError).to.equal(null);
    host.remove();
  });

  it('an unknown key system is a recoverable invalid_config naming the allowed values', async () => {
    const player = document.createElement('s72-player');
    player.setAttribute('key-system', 'widevin');
    const errors: string[] = [];
    player.addEventListener('s72-error', (event) => errors.push(`${event.detail.code}:${event.detail.severity}:${String(event.detail.data?.['allowed'])}`));
    document.body.append(player);
    await player.updateComplete;
    expect(errors).to.deep.equal(['invalid_config:recoverable:widevine,playready,fairplay,clearkey']);
    player.remove();
  });
});

import { expect } from '@open-wc/testing';
import { createElement, createRef } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { S72Player, S72PlayerElement } from '../../src-element/react/index.js';
import { MEDIA, demoUrl, until } from '../helpers/demo.js';

describe('s72-player/react', function () {
  this.timeout(40_000);

  it('renders <s72-player>, passes content as a property and wires typed event props', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const ref = createRef<S72PlayerElement>();
    const seen: string[] = [];
    const content = { slug: '/film/clear-skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } };
    flushSync(() =>
      root.render(
        createElement(S72Player, {
          ref,
          content,
          muted: true,
          autoplay: true,
          onS72Loaded: (event) => seen.push(`loaded:${event.detail.engine}`),
          onTimeUpdate: () => seen.includes('timeupdate') || seen.push('timeupdate'),
        }),
      ),
    );
    expect(ref.current).to.be.instanceOf(S72PlayerElement);
    expect(ref.current!.content).to.equal(content);
    await until(() => seen.includes('timeupdate'), 'timeupdate through the React prop');
    expect(seen).to.include('loaded:shaka');
    root.unmount();
    host.remove();
  });

  it('hydrates server markup (README "React (and SSR)"): no mismatch, properties and event props set on the client, the element upgraded', async () => {
    // What renderToString gives for these props in Node (test/node/package-exports.test.ts): the
    // tag with its plain attributes; element properties and handlers are not in the markup.
    const host = document.createElement('div');
    host.innerHTML = '<s72-player id="film" class="hero"></s72-player>';
    document.body.append(host);
    const server = host.firstElementChild!;
    const errors: unknown[] = [];
    const ref = createRef<S72PlayerElement>();
    const seen: string[] = [];
    const content = { slug: '/film/clear-skies', assets: { dash: { url: demoUrl(MEDIA.clearDash) } } };
    const root = hydrateRoot(
      host,
      createElement(S72Player, { ref, id: 'film', className: 'hero', content, muted: true, onS72Loaded: (event) => seen.push(event.detail.engine) }),
      { onRecoverableError: (error) => errors.push(error) },
    );
    await until(() => ref.current !== null, 'hydrated');
    expect(errors, 'no hydration mismatch').to.deep.equal([]);
    expect(ref.current, 'the server element is kept').to.equal(server);
    expect(ref.current).to.be.instanceOf(S72PlayerElement);
    expect(ref.current!.shadowRoot?.querySelector('video'), 'the element rendered on the client').to.exist;
    expect(ref.current!.content).to.equal(content);
    expect(ref.current!.muted).to.equal(true);
    await until(() => seen.includes('shaka'), 's72-loaded through the React prop after hydration');
    root.unmount();
    host.remove();
  });
});

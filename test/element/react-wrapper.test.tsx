import { expect } from '@open-wc/testing';
import { createElement, createRef } from 'react';
import { createRoot } from 'react-dom/client';
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
});

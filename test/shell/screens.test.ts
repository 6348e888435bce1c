import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { ErrorScreen } from '../../src-shell/features/play-flow/components/error-screen.js';
import { LoadingScreen } from '../../src-shell/features/play-flow/components/loading-screen.js';
import { flowError, toFlowError } from '../../src-shell/features/play-flow/flow-errors.js';
import { S72Error } from 's72-player/client';
import { useReactRoot } from './support/react-root.js';

describe('play page screens', () => {
  const dom = useReactRoot();

  it('the loading screen is a status region with a text label', () => {
    flushSync(() => dom.root.render(createElement(LoadingScreen)));
    const status = dom.host.querySelector('[role="status"]');
    expect(status).to.exist;
    expect(status!.textContent).to.contain('Loading');
  });

  it('the error screen shows a message and the code in a stable element, with retry when it helps', () => {
    let retried = 0;
    const error = toFlowError(new S72Error('server_busy', 'busy', { category: 'network', httpStatus: 502, requestId: 'rid-1' }));
    flushSync(() => dom.root.render(createElement(ErrorScreen, { error, onRetry: () => retried++ })));
    expect(dom.host.querySelector('[role="alert"]')).to.exist;
    expect(dom.host.querySelector('[data-testid="error-code"]')!.textContent).to.equal('server_busy');
    expect(dom.host.querySelector('[data-testid="error-request-id"]')!.textContent).to.equal('rid-1');
    expect(dom.host.querySelector('h1')!.textContent).to.equal('Server busy');
    (dom.host.querySelector('[data-testid="retry"]') as HTMLButtonElement).click();
    expect(retried).to.equal(1);
  });

  it('no retry button for a code where retrying cannot help', () => {
    flushSync(() => dom.root.render(createElement(ErrorScreen, { error: flowError('film_not_found'), onRetry: () => undefined })));
    expect(dom.host.querySelector('[data-testid="error-code"]')!.textContent).to.equal('film_not_found');
    expect(dom.host.querySelector('[data-testid="retry"]')).to.equal(null);
  });

  it('renders server text as text, never as HTML', () => {
    const error = { ...flowError('film_not_found'), title: '<img src=x onerror="window.__pwned=1">', code: '<b>x</b>' };
    flushSync(() => dom.root.render(createElement(ErrorScreen, { error })));
    expect(dom.host.querySelector('img')).to.equal(null);
    expect(dom.host.querySelector('b')).to.equal(null);
    expect(dom.host.querySelector('h1')!.textContent).to.contain('<img');
  });
});

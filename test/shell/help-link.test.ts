/**
 * The storefront's help page (play-page §9 "Help page /#!/page/help") on the screens that send the
 * viewer somewhere: the error screen (beside "Back") and the unsupported-browser screen (beside
 * "Device support" / "Get the app"). Its address is validated as other redirect targets are.
 */
import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { UnsupportedBrowserScreen } from '../../src-shell/features/device-support/components/unsupported-browser-screen.js';
import { ErrorScreen } from '../../src-shell/features/play-flow/components/error-screen.js';
import { flowError } from '../../src-shell/features/play-flow/flow-errors.js';
import { DEFAULT_HELP_PATH, helpUrl } from '../../src-shell/features/play-flow/help-url.js';
import { useReactRoot } from './support/react-root.js';

const env = { origin: 'https://store.example', allowedOrigins: ['https://help.example'] };

describe('help page link (play-page §9)', () => {
  const dom = useReactRoot();

  it('is /#!/page/help on the storefront by default', () => {
    expect(DEFAULT_HELP_PATH).to.equal('/#!/page/help');
    expect(helpUrl(undefined, env)).to.equal('https://store.example/#!/page/help');
  });

  it('a configured help_url is used when same-origin or allowed; an off-site or script one is ignored', () => {
    expect(helpUrl({ help_url: '/support' }, env)).to.equal('https://store.example/support');
    expect(helpUrl({ help_url: 'https://help.example/faq' }, env)).to.equal('https://help.example/faq');
    expect(helpUrl({ help_url: 'https://evil.example/phish' }, env)).to.equal('https://store.example/#!/page/help');
    expect(helpUrl({ help_url: 'javascript:alert(1)' }, env)).to.equal('https://store.example/#!/page/help');
  });

  it('the error screen links it beside Back', () => {
    flushSync(() => dom.root.render(createElement(ErrorScreen, { error: flowError('film_not_found'), backHref: '/', helpHref: helpUrl(undefined, env) })));
    const link = dom.host.querySelector<HTMLAnchorElement>('[data-testid="help-link"]')!;
    expect(link.textContent).to.equal('Help');
    expect(link.href).to.equal('https://store.example/#!/page/help');
  });

  it('the unsupported-browser screen links it beside Device support', () => {
    const support = { mobile: false, browser: 'Safari', os: 'Windows 10' } as Parameters<typeof UnsupportedBrowserScreen>[0]['support'];
    flushSync(() => dom.root.render(createElement(UnsupportedBrowserScreen, { support, helpHref: helpUrl(undefined, env) })));
    expect(dom.host.querySelector('[data-testid="unsupported-action"]')!.textContent).to.equal('Device support');
    expect(dom.host.querySelector<HTMLAnchorElement>('[data-testid="help-link"]')!.href).to.equal('https://store.example/#!/page/help');
  });
});

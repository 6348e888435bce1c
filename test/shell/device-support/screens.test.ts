import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import type { HttpOptions } from 's72-player/client';
import { DeviceSupportPage } from '../../../src-shell/features/device-support/components/device-support-page.js';
import { UnsupportedBrowserScreen, safeAppUrl } from '../../../src-shell/features/device-support/components/unsupported-browser-screen.js';
import { fetchSupportedDevices } from '../../../src-shell/features/device-support/supported-devices.js';
import { demoOrigin, until } from '../../helpers/demo.js';
import { useReactRoot } from '../support/react-root.js';

const realFetch: HttpOptions['fetch'] = (input, init) => globalThis.fetch(input, init);

describe('device support screens', () => {
  const dom = useReactRoot();

  const action = () => dom.host.querySelector<HTMLAnchorElement>('[data-testid="unsupported-action"]')!;

  it('unsupported browser on desktop: the title and a "Device support" action to /device-support', () => {
    flushSync(() => dom.root.render(createElement(UnsupportedBrowserScreen, { support: { mobile: false, browser: 'Safari', os: 'Windows 10' }, appUrl: 'https://apps.example/app' })));
    expect(dom.host.querySelector('h1')!.textContent).to.equal('Unsupported browser');
    expect(action().textContent).to.equal('Device support');
    expect(action().getAttribute('href')).to.equal('/device-support');
  });

  it('unsupported browser on mobile with a native app: "Get the app to view"', () => {
    flushSync(() => dom.root.render(createElement(UnsupportedBrowserScreen, { support: { mobile: true, browser: 'other', os: 'Android' }, appUrl: 'https://play.example/store/app' })));
    expect(dom.host.querySelector('h1')!.textContent).to.equal('Unsupported browser');
    expect(action().textContent).to.equal('Get the app to view');
    expect(action().getAttribute('href')).to.equal('https://play.example/store/app');
  });

  it('on mobile without an app (or with an unsafe app link) the action is "Device support"', () => {
    flushSync(() => dom.root.render(createElement(UnsupportedBrowserScreen, { support: { mobile: true, browser: 'other', os: 'Android' } })));
    expect(action().textContent).to.equal('Device support');
    flushSync(() => dom.root.render(createElement(UnsupportedBrowserScreen, { support: { mobile: true, browser: 'other', os: 'Android' }, appUrl: 'javascript:alert(1)' })));
    expect(action().textContent).to.equal('Device support');
    expect(safeAppUrl('javascript:alert(1)')).to.equal(undefined);
    expect(safeAppUrl('itms-apps://apps.apple.com/app/id1')).to.equal('itms-apps://apps.apple.com/app/id1');
  });

  it('fetches /supported-devices.json from the storefront and reads the matrix', async () => {
    const devices = await fetchSupportedDevices({ baseUrl: demoOrigin(), fetch: realFetch });
    const chrome = devices.browsers.find((b) => b.name === 'Chrome')!;
    expect(chrome.platforms).to.include({ 'Windows 11': 'yes', Linux: 'maybe' });
    const safari = devices.browsers.find((b) => b.name === 'Safari')!;
    expect(safari.platforms).to.include({ 'Windows 10': 'no', macOS: 'yes', iOS: 'yes' });
  });

  it('the device support page renders the storefront matrix as a table', async () => {
    flushSync(() => dom.root.render(createElement(DeviceSupportPage, { http: { baseUrl: demoOrigin(), fetch: realFetch } })));
    await until(() => dom.host.querySelector('[data-testid="device-support-table"]') !== null, 'table rendered');
    const headers = [...dom.host.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).to.deep.equal(['Browser', 'Windows 11', 'Windows 10', 'macOS', 'iOS', 'Android', 'Linux']);
    const rows = [...dom.host.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(rows).to.deep.include(['Chrome', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Maybe']);
    expect(rows).to.deep.include(['Safari', 'No', 'No', 'Yes', 'Yes', 'No', 'No']);
    expect(rows.map((r) => r[0])).to.deep.equal(['Chrome', 'Edge', 'Firefox', 'Opera', 'Safari']);
  });

  it('renders names as text and aborts the fetch on unmount', async () => {
    let signal: AbortSignal | undefined;
    const fetch: HttpOptions['fetch'] = async (_input, init) => {
      signal = init?.signal ?? undefined;
      return new Response(JSON.stringify({ browsers: [{ name: '<img src=x onerror="window.__pwned=1">', platforms: { Linux: 'maybe' } }] }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    flushSync(() => dom.root.render(createElement(DeviceSupportPage, { http: { baseUrl: 'https://store.example', fetch } })));
    await until(() => dom.host.querySelector('[data-testid="device-support-table"]') !== null, 'table rendered');
    expect(dom.host.querySelector('img')).to.equal(null);
    expect(dom.host.querySelector('tbody th')!.textContent).to.contain('<img');
    expect(signal).to.be.instanceOf(AbortSignal);
    expect(signal!.aborted).to.equal(false);
    flushSync(() => dom.root.unmount());
    expect(signal!.aborted).to.equal(true);
  });

  it('shows an error with retry when the list cannot be read', async () => {
    let calls = 0;
    const fetch: HttpOptions['fetch'] = async () => {
      calls++;
      return calls === 1
        ? new Response(JSON.stringify({ code: 'demo_fault' }), { status: 500 })
        : new Response(JSON.stringify({ browsers: [] }), { headers: { 'content-type': 'application/json' } });
    };
    flushSync(() => dom.root.render(createElement(DeviceSupportPage, { http: { baseUrl: 'https://store.example', fetch } })));
    await until(() => dom.host.querySelector('[role="alert"]') !== null, 'error shown');
    (dom.host.querySelector('[data-testid="retry"]') as HTMLButtonElement).click();
    await until(() => dom.host.querySelector('[data-testid="device-support-table"]') !== null, 'table after retry');
    expect(calls).to.equal(2);
  });
});

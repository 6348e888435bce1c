/**
 * The `/device-support` route (play-page §2): the supported browsers and devices, read from
 * `GET /supported-devices.json` and rendered as a table. Every string is rendered as text.
 */
import { useEffect, useState } from 'react';
import { ERROR_TEXT_CODES, isS72Error, type HttpOptions, type MessageKey } from 's72-player/client';
import { useTranslator } from '../../../lib/i18n.js';
import type { DeviceSupport, SupportLevel } from '../device-support.js';
import { fetchSupportedDevices, platformColumns, type SupportedDevices } from '../supported-devices.js';

export interface DeviceSupportPageProps {
  /** Base URL and fetch (no token is needed). */
  http: HttpOptions;
  /** The viewer's device, shown above the table when given. */
  current?: DeviceSupport | undefined;
}

const LEVEL_TEXT: Record<SupportLevel, MessageKey> = { yes: 'deviceSupport.yes', maybe: 'deviceSupport.maybe', no: 'deviceSupport.no' };

type State =
  | { status: 'loading' }
  | { status: 'ready'; devices: SupportedDevices }
  /** `code`: the S72Error code of the failure, `undefined` for anything else. */
  | { status: 'error'; code: string | undefined };

export function DeviceSupportPage({ http, current }: DeviceSupportPageProps) {
  const i18n = useTranslator();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { baseUrl, fetch } = http;
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchSupportedDevices({ baseUrl, fetch }, controller.signal).then(
      (devices) => {
        if (!controller.signal.aborted) setState({ status: 'ready', devices });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', code: isS72Error(error) ? error.code : undefined });
      },
    );
    return () => controller.abort();
  }, [baseUrl, fetch, attempt]);

  return (
    <main className="screen screen--device-support" data-testid="device-support-page">
      <h1>{i18n.t('deviceSupport.title')}</h1>
      {current ? (
        <p data-testid="current-device">
          {i18n.t('deviceSupport.current', {
            browser: current.browser === 'other' ? i18n.t('deviceSupport.otherBrowser') : current.browser,
            os: current.os === 'other' ? i18n.t('deviceSupport.otherOs') : current.os,
            level: i18n.t(LEVEL_TEXT[current.supported]),
          })}
        </p>
      ) : null}
      {state.status === 'loading' ? <p role="status">{i18n.t('common.loading')}</p> : null}
      {state.status === 'error' ? (
        <div role="alert">
          <p>{i18n.t('deviceSupport.loadFailed')}</p>
          {state.code && ERROR_TEXT_CODES.includes(state.code) ? <p>{i18n.errorText(state.code).message}</p> : null}
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)} data-testid="retry">
            {i18n.t('common.tryAgain')}
          </button>
        </div>
      ) : null}
      {state.status === 'ready' ? <SupportTable devices={state.devices} /> : null}
    </main>
  );
}

function SupportTable({ devices }: { devices: SupportedDevices }) {
  const i18n = useTranslator();
  const columns = platformColumns(devices);
  // A wide table scrolls on its own on a narrow screen (the page does not): the scroll area is a
  // named region the keyboard can reach, so it can be scrolled without a pointer.
  return (
    <div className="device-support__scroll" role="region" aria-labelledby="device-support-caption" tabIndex={0}>
      <table className="device-support__table" data-testid="device-support-table">
        <caption id="device-support-caption">{i18n.t('deviceSupport.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n.t('deviceSupport.browser')}</th>
            {columns.map((platform) => (
              <th scope="col" key={platform}>
                {platform}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {devices.browsers.map((browser, index) => (
            <tr key={`${index}:${browser.name}`}>
              <th scope="row">{browser.name}</th>
              {columns.map((platform) => {
                const level: SupportLevel = browser.platforms[platform] ?? 'no';
                return (
                  <td key={platform} data-level={level}>
                    {i18n.t(LEVEL_TEXT[level])}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

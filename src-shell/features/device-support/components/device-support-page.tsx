/**
 * The `/device-support` route (play-page §2): the supported browsers and devices, read from
 * `GET /supported-devices.json` and rendered as a table. Every string is rendered as text.
 */
import { useEffect, useState } from 'react';
import type { HttpOptions } from 's72-player/client';
import type { DeviceSupport, SupportLevel } from '../device-support.js';
import { fetchSupportedDevices, platformColumns, type SupportedDevices } from '../supported-devices.js';

export interface DeviceSupportPageProps {
  /** Base URL and fetch (no token is needed). */
  http: HttpOptions;
  /** The viewer's device, shown above the table when given. */
  current?: DeviceSupport | undefined;
}

const LEVEL_TEXT: Record<SupportLevel, string> = { yes: 'Yes', maybe: 'Maybe', no: 'No' };

type State =
  | { status: 'loading' }
  | { status: 'ready'; devices: SupportedDevices }
  | { status: 'error'; message: string };

export function DeviceSupportPage({ http, current }: DeviceSupportPageProps) {
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
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [baseUrl, fetch, attempt]);

  return (
    <main className="screen screen--device-support" data-testid="device-support-page">
      <h1>Device support</h1>
      {current ? (
        <p data-testid="current-device">
          Your browser: {current.browser === 'other' ? 'Other' : current.browser} on {current.os === 'other' ? 'other' : current.os}{' '}
          ({LEVEL_TEXT[current.supported]})
        </p>
      ) : null}
      {state.status === 'loading' ? <p role="status">Loading…</p> : null}
      {state.status === 'error' ? (
        <div role="alert">
          <p>{state.message}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)} data-testid="retry">
            Try again
          </button>
        </div>
      ) : null}
      {state.status === 'ready' ? <SupportTable devices={state.devices} /> : null}
    </main>
  );
}

function SupportTable({ devices }: { devices: SupportedDevices }) {
  const columns = platformColumns(devices);
  return (
    <table className="device-support__table" data-testid="device-support-table">
      <caption>Supported browsers and devices</caption>
      <thead>
        <tr>
          <th scope="col">Browser</th>
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
                  {LEVEL_TEXT[level]}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

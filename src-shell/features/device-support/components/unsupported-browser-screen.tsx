/**
 * The unsupported-browser state of the play page (play-page §2 "Play page states"): the title
 * "Unsupported browser"; on mobile with a native app the action reads "Get the app to view",
 * otherwise "Device support", linking to the support route. Every string is rendered as text.
 */
import type { DeviceSupport } from '../device-support.js';

export const DEVICE_SUPPORT_ROUTE = '/device-support';

export interface UnsupportedBrowserScreenProps {
  support: Pick<DeviceSupport, 'mobile' | 'browser' | 'os'>;
  /** The native app's store link; only used on mobile. Only http(s) and app-store schemes are followed. */
  appUrl?: string | undefined;
  /** Where "Device support" goes. Default {@link DEVICE_SUPPORT_ROUTE}. */
  deviceSupportHref?: string;
}

const APP_URL_SCHEMES = new Set(['https:', 'http:', 'itms-apps:', 'market:']);

/** The app link when it is safe to follow, else undefined. Pure. */
export function safeAppUrl(appUrl: string | undefined): string | undefined {
  if (!appUrl) return undefined;
  try {
    return APP_URL_SCHEMES.has(new URL(appUrl).protocol) ? appUrl : undefined;
  } catch {
    return undefined;
  }
}

export function UnsupportedBrowserScreen({ support, appUrl, deviceSupportHref = DEVICE_SUPPORT_ROUTE }: UnsupportedBrowserScreenProps) {
  const app = support.mobile ? safeAppUrl(appUrl) : undefined;
  const described = support.browser === 'other' ? 'This browser' : `${support.browser}${support.os === 'other' ? '' : ` on ${support.os}`}`;
  return (
    <main className="screen screen--unsupported" data-testid="unsupported-browser">
      <div className="unsupported" role="alert" aria-labelledby="unsupported-title">
        <h1 id="unsupported-title">Unsupported browser</h1>
        <p className="unsupported__message">{described} cannot play this content.</p>
        <div className="unsupported__actions">
          {app ? (
            <a className="button button--primary" href={app} data-testid="unsupported-action" rel="noopener noreferrer">
              Get the app to view
            </a>
          ) : (
            <a className="button button--primary" href={deviceSupportHref} data-testid="unsupported-action">
              Device support
            </a>
          )}
        </div>
      </div>
    </main>
  );
}

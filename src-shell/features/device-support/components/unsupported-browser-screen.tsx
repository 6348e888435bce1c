/**
 * The unsupported-browser state of the play page (play-page §2 "Play page states"): the title
 * "Unsupported browser"; on mobile with a native app the action reads "Get the app to view",
 * otherwise "Device support", linking to the support route. Every string is rendered as text.
 */
import { useTranslator } from '../../../lib/i18n.js';
import type { DeviceSupport } from '../device-support.js';

export const DEVICE_SUPPORT_ROUTE = '/device-support';

export interface UnsupportedBrowserScreenProps {
  support: Pick<DeviceSupport, 'mobile' | 'browser' | 'os'>;
  /** The native app's store link; only used on mobile. Only http(s) and app-store schemes are followed. */
  appUrl?: string | undefined;
  /** Where "Device support" goes. Default {@link DEVICE_SUPPORT_ROUTE}. */
  deviceSupportHref?: string;
  /** The storefront's help page (validated by the caller); no link when absent. */
  helpHref?: string | undefined;
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

export function UnsupportedBrowserScreen({ support, appUrl, deviceSupportHref = DEVICE_SUPPORT_ROUTE, helpHref }: UnsupportedBrowserScreenProps) {
  const app = support.mobile ? safeAppUrl(appUrl) : undefined;
  const i18n = useTranslator();
  const described =
    support.browser === 'other'
      ? i18n.t('unsupported.thisBrowser')
      : support.os === 'other'
        ? i18n.t('unsupported.browser', { browser: support.browser })
        : i18n.t('unsupported.browserOn', { browser: support.browser, os: support.os });
  return (
    <main className="screen screen--unsupported" data-testid="unsupported-browser">
      <div className="unsupported" role="alert" aria-labelledby="unsupported-title">
        <h1 id="unsupported-title">{i18n.t('unsupported.title')}</h1>
        <p className="unsupported__message">{described}</p>
        <div className="unsupported__actions">
          {app ? (
            <a className="button button--primary" href={app} data-testid="unsupported-action" rel="noopener noreferrer">
              {i18n.t('unsupported.getApp')}
            </a>
          ) : (
            <a className="button button--primary" href={deviceSupportHref} data-testid="unsupported-action">
              {i18n.t('unsupported.deviceSupport')}
            </a>
          )}
          {helpHref ? (
            <a className="button" href={helpHref} data-testid="help-link">
              {i18n.t('common.help')}
            </a>
          ) : null}
        </div>
      </div>
    </main>
  );
}

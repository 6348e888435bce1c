/**
 * The storefront's help page (play-page §9 "Help page /#!/page/help"), linked from the error screens
 * that send the viewer somewhere (the error screen's way out, the unsupported-browser screen).
 */
import type { Configuration } from 's72-player/client';
import { safeRedirectUrl } from '../../lib/safe-url.js';

/** play-page §9: the help page, on the storefront's origin. */
export const DEFAULT_HELP_PATH = '/#!/page/help';

/**
 * The help page's address: the configuration's `help_url` when it is a safe redirect target (the
 * page's origin or the allow-list, as `from` and the sign-in page are), else {@link DEFAULT_HELP_PATH}
 * on `origin`. Pure.
 */
export function helpUrl(configuration: Configuration | undefined, env: { origin: string; allowedOrigins?: readonly string[] }): string {
  const configured = configuration?.['help_url'];
  const safe = typeof configured === 'string' && configured.trim() !== '' ? safeRedirectUrl(configured.trim(), env.origin, env.allowedOrigins) : null;
  return safe ?? new URL(DEFAULT_HELP_PATH, env.origin).href;
}

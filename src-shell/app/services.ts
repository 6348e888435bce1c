/**
 * The play page's long-lived, framework-free services, created once per page load: the session
 * source, the play-flow runner and the parent-window messenger. The React tree only reads them.
 */
import { createContentClient } from '../../src-element/core/client/index.js';
import { ALLOWED_REDIRECT_ORIGINS } from '../config/env.js';
import { paths } from '../config/paths.js';
import { signOutStoredSession } from '../features/play-session/play-session.js';
import { withoutParams } from '../features/play-session/parse-route.js';
import { createFlowApi } from '../features/play-flow/api/flow-api.js';
import { createSessionSource, type SessionHost, type SessionSource } from '../features/play-session/session-source.js';
import { TOKEN_PARAMS } from '../features/play-session/play-session.js';
import { detectCapabilities } from '../features/play-flow/capabilities.js';
import type { NavigationTarget } from '../features/play-flow/machine.js';
import { createPlayFlow, type PlayFlow } from '../features/play-flow/play-flow.js';
import { createParentMessenger, type ParentMessenger } from '../lib/parent-messaging.js';
import { browserLocalStorage, createJsonStorage } from '../lib/storage.js';

export interface AppServices {
  /** The storefront origin (the page's own). */
  origin: string;
  sessions: SessionSource;
  flow: PlayFlow;
  messenger: ParentMessenger;
  destroy(): void;
}

/** The hash of another play route, keeping the current non-token query (e.g. `nav=false`). */
export function routeHash(target: Extract<NavigationTarget, { kind: 'route' }>, currentHash: string): string {
  const q = currentHash.indexOf('?');
  const query = q === -1 ? '' : currentHash.slice(q);
  return `${paths.play.getHash(target.slug, target.title)}${query}`;
}

/** `href` with the token parameters (`u`, `p`) removed from its hash query. */
export function pageUrlWithoutTokens(href: string): string {
  const i = href.indexOf('#');
  if (i === -1) return href;
  const scrubbed = withoutParams(href.slice(i), TOKEN_PARAMS);
  return scrubbed === null ? href : `${href.slice(0, i)}${scrubbed}`;
}

/** Creates the services on the real window. */
export function createAppServices(win: Window = window): AppServices {
  const origin = win.location.origin;
  const policy = { origin, allowedOrigins: ALLOWED_REDIRECT_ORIGINS };
  const storage = createJsonStorage(browserLocalStorage());
  const sessions = createSessionSource({ host: win as unknown as SessionHost, storage, policy });
  const messenger = createParentMessenger();
  const flow = createPlayFlow({
    env: { origin, allowedOrigins: ALLOWED_REDIRECT_ORIGINS },
    createClient: (session) =>
      createContentClient({
        baseUrl: origin,
        authToken: session.authToken,
        playToken: session.playToken,
        bypassCache: session.bypassCache,
      }),
    detectCapabilities: () => detectCapabilities(),
    navigate: (target) => {
      if (target.kind === 'url') win.location.assign(target.url);
      else win.location.replace(routeHash(target, win.location.hash));
    },
    now: () => Date.now(),
    createApi: (session) =>
      createFlowApi({ baseUrl: origin, authToken: session.authToken, playToken: session.playToken, bypassCache: session.bypassCache }),
    currentUrl: () => pageUrlWithoutTokens(win.location.href),
    signOut: (redirect) => signOutStoredSession(storage, policy, redirect),
  });
  return {
    origin,
    sessions,
    flow,
    messenger,
    destroy() {
      flow.destroy();
      sessions.destroy();
    },
  };
}

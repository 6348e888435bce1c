/**
 * The hash router (play-page §2 "Routes"): the route and query live in `location.hash`, parsed by
 * the session source on load and on every `hashchange`. `#/device-support` renders the supported
 * browsers and devices (play-page §2); every other hash, including a bad one, renders the play
 * route: the flow turns a missing session into a redirect home and a bad path into `invalid_slug`.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { HttpOptions } from 's72-player/client';
import { useServices } from './provider.js';
import { DeviceSupportPage } from '../features/device-support/index.js';
import { isDeviceSupportPath } from '../features/play-session/session-source.js';
import { PlayRoute } from './routes/play.js';

export function AppRouter() {
  const { sessions, origin } = useServices();
  const http = useMemo<HttpOptions>(() => ({ baseUrl: origin, fetch: (input, init) => globalThis.fetch(input, init) }), [origin]);
  const snapshot = useSyncExternalStore(sessions.subscribe, sessions.getSnapshot, sessions.getSnapshot);
  // `#/device-support` (play-page §2): the supported browsers and devices.
  if (isDeviceSupportPath(snapshot.hash.rawPath)) return <DeviceSupportPage http={http} />;
  return <PlayRoute session={snapshot.session} />;
}

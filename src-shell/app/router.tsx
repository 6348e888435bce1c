/**
 * The hash router (play-page §2 "Routes"): the route and query live in `location.hash`, parsed by
 * the session source on load and on every `hashchange`. Every hash, including a bad one, renders
 * the play route: the flow turns a missing session into a redirect home and a bad path into
 * `invalid_slug`.
 */
import { useSyncExternalStore } from 'react';
import { useServices } from './provider.js';
import { PlayRoute } from './routes/play.js';

export function AppRouter() {
  const { sessions } = useServices();
  const snapshot = useSyncExternalStore(sessions.subscribe, sessions.getSnapshot, sessions.getSnapshot);
  return <PlayRoute session={snapshot.session} />;
}

/**
 * Entry of the hosted play page (`/play/`, play-page §2). Reads the session from the address (and
 * removes the tokens from it) before the first render, starts fetching the playback engine and
 * starts the play flow's API calls in parallel (DESIGN.md "Quality bars"), and mounts the app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { S72PlayerElement } from 's72-player/react';
import { AppProvider } from './app/provider.js';
import { AppRouter } from './app/router.js';
import { createAppServices } from './app/services.js';
import { isDeviceSupportPath } from './features/play-session/session-source.js';
import { preloadPlayback } from './features/play-flow/preload-playback.js';
import { pageAutoplayVerdict } from './features/play-flow/autoplay-check.js';
import './styles.css';

const services = createAppServices(window);
const { session, hash } = services.sessions.getSnapshot();
// Start-up work for the play route only (`#/device-support` plays nothing).
const playing = session && !isDeviceSupportPath(hash.rawPath) ? session : null;
if (playing) void S72PlayerElement.preloadEngines().catch(() => undefined);
// play-page §9: the autoplay check (a silent clip) runs alongside the flow's calls.
if (playing && playing.autoplay !== false) void pageAutoplayVerdict();
// The content's manifest and key-system probe start when the streams call answers, before React
// renders the player.
preloadPlayback(services.flow, (content, config) => S72PlayerElement.preloadContent(content, config));
// The play route's flow starts here, before React's first render (issue 12): its first calls go
// out while React renders instead of after its first commit. The route's own start with the same
// session is then a no-op (PlayFlow.start).
if (playing) services.flow.start(playing);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppProvider services={services}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);

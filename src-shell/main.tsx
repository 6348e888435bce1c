/**
 * Entry of the hosted play page (`/play/`, play-page §2). Reads the session from the address (and
 * removes the tokens from it) before the first render, starts fetching the playback engine in
 * parallel with the flow's API calls (DESIGN.md "Quality bars"), and mounts the app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { S72PlayerElement } from 's72-player/react';
import { AppProvider } from './app/provider.js';
import { AppRouter } from './app/router.js';
import { createAppServices } from './app/services.js';
import './styles.css';

const services = createAppServices(window);
if (services.sessions.getSnapshot().session) void S72PlayerElement.preloadEngines().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppProvider services={services}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);

/**
 * The play page's React app, mounted on the services the entry module (main.ts) created: loaded
 * with `import()` so that React and the screens are fetched and evaluated while the play flow's
 * first calls are in flight, not before them.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './provider.js';
import { AppRouter } from './router.js';
import type { AppServices } from './services.js';

/** Renders the app into `root`. */
export function mountApp(root: HTMLElement, services: AppServices): void {
  createRoot(root).render(
    <StrictMode>
      <AppProvider services={services}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}

/**
 * App-wide providers: the services context, the page's language (the `lang` parameter of the
 * address, else the browser's languages; `lib/i18n.tsx`) and an error boundary that turns an
 * unexpected render failure into the error screen instead of a blank page.
 */
import { Component, createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider, LANG_PARAM, browserLanguages, pageLocale } from '../lib/i18n.js';
import { ErrorScreen } from '../features/play-flow/components/error-screen.js';
import { toFlowError } from '../features/play-flow/flow-errors.js';
import type { AppServices } from './services.js';

const ServicesContext = createContext<AppServices | null>(null);

/** The services of {@link AppProvider}; throws outside it. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() must be used inside <AppProvider>');
  return services;
}

class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error !== null) return <ErrorScreen error={toFlowError(this.state.error)} />;
    return this.props.children;
  }
}

/** The page's language from the address's `lang` parameter (re-read on every hash change), else the browser's. */
function PageLanguage({ sessions, children }: { sessions: AppServices['sessions']; children: ReactNode }) {
  const snapshot = useSyncExternalStore(sessions.subscribe, sessions.getSnapshot, sessions.getSnapshot);
  return <I18nProvider locale={pageLocale(snapshot.hash.params.get(LANG_PARAM), browserLanguages())}>{children}</I18nProvider>;
}

export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <PageLanguage sessions={services.sessions}>
        <ErrorBoundary>{children}</ErrorBoundary>
      </PageLanguage>
    </ServicesContext.Provider>
  );
}

/**
 * App-wide providers: the services context and an error boundary that turns an unexpected render
 * failure into the error screen instead of a blank page.
 */
import { Component, createContext, useContext, type ReactNode } from 'react';
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

export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <ErrorBoundary>{children}</ErrorBoundary>
    </ServicesContext.Provider>
  );
}

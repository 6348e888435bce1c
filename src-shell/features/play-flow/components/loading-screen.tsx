/**
 * Loading state of the play page (play-page §2 "Play page states": loading). Accessible:
 * `role="status"` with a text label; the spinner shows after 0.25 s (play-page §9), via CSS.
 */
import { useTranslator } from '../../../lib/i18n.js';

export interface LoadingScreenProps {
  /** What is being loaded, for screen readers and the caption (a string-table text). Default "Loading…". */
  label?: string;
}

export function LoadingScreen({ label }: LoadingScreenProps) {
  const i18n = useTranslator();
  return (
    <main className="screen screen--loading" data-testid="loading-screen">
      <div role="status" aria-live="polite" className="loading">
        <span className="spinner" aria-hidden="true" />
        <p className="loading__label">{label ?? i18n.t('common.loading')}</p>
      </div>
    </main>
  );
}

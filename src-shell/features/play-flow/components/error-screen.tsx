/**
 * Error state of the play page (play-page §2 "Play page states": error; §8 codes). Shows a human
 * title and message and the code in a stable element (`[data-testid=error-code]`), the request id
 * when there is one, and a retry button when retrying may help. Every string is rendered as text.
 */
import { useEffect, useRef } from 'react';
import type { FlowError } from '../flow-errors.js';

export interface ErrorScreenProps {
  error: FlowError;
  /** Shown when `error.retryable`; restarts the flow. */
  onRetry?: () => void;
  /** Where the "Back" link goes (validated by the caller). Default the home page. */
  backHref?: string;
}

export function ErrorScreen({ error, onRetry, backHref = '/' }: ErrorScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [error.code]);
  return (
    <main className="screen screen--error" data-testid="error-screen">
      <div className="error" role="alert" aria-labelledby="error-title">
        <h1 id="error-title" tabIndex={-1} ref={heading}>
          {error.title}
        </h1>
        <p className="error__message">{error.message}</p>
        <p className="error__code">
          <span className="visually-hidden">Error code: </span>
          <code data-testid="error-code">{error.code}</code>
        </p>
        {error.requestId ? (
          <p className="error__request-id">
            Request id: <code data-testid="error-request-id">{error.requestId}</code>
          </p>
        ) : null}
        <div className="error__actions">
          {error.retryable && onRetry ? (
            <button type="button" className="button button--primary" onClick={onRetry} data-testid="retry">
              Try again
            </button>
          ) : null}
          <a className="button" href={backHref}>
            Back
          </a>
        </div>
      </div>
    </main>
  );
}

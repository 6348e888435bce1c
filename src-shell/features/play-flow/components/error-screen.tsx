/**
 * Error state of the play page (play-page §2 "Play page states": error; §8 codes). Shows a human
 * title and message and the code in a stable element (`[data-testid=error-code]`), the request id
 * when there is one, and a retry button when retrying may help. Every string is rendered as text.
 */
import { useEffect, useRef } from 'react';
import { useTranslator } from '../../../lib/i18n.js';
import { describeFlowError, type FlowError } from '../flow-errors.js';

export interface ErrorScreenProps {
  error: FlowError;
  /** Shown when `error.retryable`; restarts the flow. */
  onRetry?: () => void;
  /** Where the "Back" link goes (validated by the caller). Default the home page. */
  backHref?: string;
  /** The storefront's help page (validated by the caller); no link when absent. */
  helpHref?: string | undefined;
}

export function ErrorScreen({ error, onRetry, backHref = '/', helpHref }: ErrorScreenProps) {
  const i18n = useTranslator();
  const { title, message } = describeFlowError(error, i18n);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [error.code]);
  return (
    <main className="screen screen--error" data-testid="error-screen">
      <div className="error" role="alert" aria-labelledby="error-title">
        <h1 id="error-title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        <p className="error__message">{message}</p>
        <p className="error__code">
          <span className="visually-hidden">{`${i18n.t('errorScreen.code')} `}</span>
          <code data-testid="error-code">{error.code}</code>
        </p>
        {error.requestId ? (
          <p className="error__request-id">
            {`${i18n.t('errorScreen.requestId')} `}
            <code data-testid="error-request-id">{error.requestId}</code>
          </p>
        ) : null}
        <div className="error__actions">
          {error.retryable && onRetry ? (
            <button type="button" className="button button--primary" onClick={onRetry} data-testid="retry">
              {i18n.t('common.tryAgain')}
            </button>
          ) : null}
          <a className="button" href={backHref}>
            {i18n.t('common.back')}
          </a>
          {helpHref ? (
            <a className="button" href={helpHref} data-testid="help-link">
              {i18n.t('common.help')}
            </a>
          ) : null}
        </div>
      </div>
    </main>
  );
}

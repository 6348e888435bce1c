/**
 * PIN entry (play-page §2 "PIN entry", §5): a labelled 4-digit field (`inputmode="numeric"`), the
 * error announced with `role="alert"` (with the attempts left), and a locked-out state after 5
 * failures. Only renders; the flow checks and counts.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslator } from '../../../lib/i18n.js';
import { describeFlowError, type FlowError } from '../flow-errors.js';
import { PIN_LENGTH } from '../rules.js';

export interface PinScreenProps {
  title: string;
  attemptsLeft: number;
  submitting: boolean;
  lockedOut: boolean;
  error?: FlowError | undefined;
  onSubmit: (pin: string) => void;
  backHref: string;
}

export function PinScreen({ title, attemptsLeft, submitting, lockedOut, error, onSubmit, backHref }: PinScreenProps) {
  const i18n = useTranslator();
  const [pin, setPin] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!submitting && !lockedOut) {
      setPin('');
      input.current?.focus();
    }
  }, [submitting, lockedOut, error]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(pin);
  };
  return (
    <main className="screen screen--pin" data-testid="pin-screen">
      <div className="notice">
        <h1>{i18n.t(lockedOut ? 'pin.lockedTitle' : 'pin.title')}</h1>
        <p>
          <span className="visually-hidden">{`${i18n.t('pin.titleLabel')} `}</span>
          <span data-testid="title">{title}</span>
        </p>
        {error ? (
          <div className="error" role="alert" data-testid="pin-error">
            <p className="error__message">{describeFlowError(error, i18n).message}</p>
            <p className="error__code">
              <span className="visually-hidden">{`${i18n.t('errorScreen.code')} `}</span>
              <code data-testid="error-code">{error.code}</code>
            </p>
          </div>
        ) : null}
        {lockedOut ? (
          <p data-testid="pin-locked">{i18n.t('pin.locked')}</p>
        ) : (
          <form className="pin-form" onSubmit={submit} noValidate>
            <label htmlFor="pin-input">{i18n.t('pin.label', { count: PIN_LENGTH })}</label>
            <input
              id="pin-input"
              ref={input}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]*"
              maxLength={PIN_LENGTH}
              value={pin}
              disabled={submitting}
              aria-describedby="pin-attempts"
              onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
            />
            <p id="pin-attempts" data-testid="pin-attempts">
              {i18n.t('pin.attemptsLeft', { count: attemptsLeft })}
            </p>
            <button type="submit" className="button button--primary" disabled={submitting} data-testid="pin-submit">
              {i18n.t(submitting ? 'pin.checking' : 'pin.continue')}
            </button>
          </form>
        )}
        <div className="error__actions">
          <a className="button" href={backHref}>
            {i18n.t('common.back')}
          </a>
        </div>
      </div>
    </main>
  );
}

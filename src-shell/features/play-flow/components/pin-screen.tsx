/**
 * PIN entry (play-page §2 "PIN entry", §5): a labelled 4-digit field (`inputmode="numeric"`), the
 * error announced with `role="alert"` (with the attempts left), and a locked-out state after 5
 * failures. Only renders; the flow checks and counts.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FlowError } from '../flow-errors.js';
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
        <h1>{lockedOut ? 'PIN locked' : 'Enter your PIN'}</h1>
        <p>
          <span className="visually-hidden">Title: </span>
          <span data-testid="title">{title}</span>
        </p>
        {error ? (
          <div className="error" role="alert" data-testid="pin-error">
            <p className="error__message">{error.message}</p>
            <p className="error__code">
              <span className="visually-hidden">Error code: </span>
              <code data-testid="error-code">{error.code}</code>
            </p>
          </div>
        ) : null}
        {lockedOut ? (
          <p data-testid="pin-locked">Too many incorrect PINs. PIN entry is locked.</p>
        ) : (
          <form className="pin-form" onSubmit={submit} noValidate>
            <label htmlFor="pin-input">{`PIN (${PIN_LENGTH} digits)`}</label>
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
              {`${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left`}
            </p>
            <button type="submit" className="button button--primary" disabled={submitting} data-testid="pin-submit">
              {submitting ? 'Checking…' : 'Continue'}
            </button>
          </form>
        )}
        <div className="error__actions">
          <a className="button" href={backHref}>
            Back
          </a>
        </div>
      </div>
    </main>
  );
}

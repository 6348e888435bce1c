/**
 * PIN entry (play-page §2 "PIN entry", §5): a labelled 4-digit field (`inputmode="numeric"`), one
 * message line under it that is the field's description and is announced (`role="alert"`): the
 * attempts left, a validation ("Enter your 4-digit PIN.", no code), or the server's error with its
 * code, which says the attempts left itself (said once, issue 22 item 15); and a locked-out state
 * after 5 failures. Only renders; the flow checks and counts.
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
  /** The last submission was not a PIN (nothing typed, or not 4 digits): a validation message, no code. */
  invalid?: 'empty' | 'format' | undefined;
  onSubmit: (pin: string) => void;
  backHref: string;
}

export function PinScreen({ title, attemptsLeft, submitting, lockedOut, error, invalid, onSubmit, backHref }: PinScreenProps) {
  const i18n = useTranslator();
  const [pin, setPin] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!submitting && !lockedOut) {
      setPin('');
      input.current?.focus();
    }
  }, [submitting, lockedOut, error, invalid]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(pin);
  };
  // One message line under the field, in space kept for it (the form never moves when it changes,
  // issue 22 item 15): the server's error with its code (its text already says the attempts
  // left), else the validation and the attempts left, else the attempts left alone.
  const errorText = error ? describeFlowError(error, i18n).message : null;
  const attempts = i18n.t('pin.attemptsLeft', { count: attemptsLeft });
  const message = (
    <div className="pin-message" id="pin-message" role="alert" data-testid="pin-message">
      {error ? (
        <div className="error" data-testid="pin-error">
          <p className="error__message">{errorText}</p>
          <p className="error__code">
            <span className="visually-hidden">{`${i18n.t('errorScreen.code')} `}</span>
            <code data-testid="error-code">{error.code}</code>
          </p>
        </div>
      ) : (
        <>
          {invalid ? (
            <p className="pin-message__invalid" data-testid="pin-invalid">
              {i18n.t(invalid === 'empty' ? 'pin.empty' : 'pin.format', { count: PIN_LENGTH })}
            </p>
          ) : null}
          {lockedOut ? null : (
            <p className="pin-message__attempts" data-testid="pin-attempts">
              {attempts}
            </p>
          )}
        </>
      )}
    </div>
  );
  return (
    <main className="screen screen--pin" data-testid="pin-screen">
      <div className="notice">
        <h1>{i18n.t(lockedOut ? 'pin.lockedTitle' : 'pin.title')}</h1>
        <p>
          <span className="visually-hidden">{`${i18n.t('pin.titleLabel')} `}</span>
          <span data-testid="title">{title}</span>
        </p>
        {lockedOut ? (
          <>
            {message}
            <p data-testid="pin-locked">{i18n.t('pin.locked')}</p>
          </>
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
              aria-describedby="pin-message"
              aria-invalid={error || invalid ? true : undefined}
              onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
            />
            {message}
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

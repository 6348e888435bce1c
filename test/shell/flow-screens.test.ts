import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { CountdownScreen } from '../../src-shell/features/play-flow/components/countdown-screen.js';
import { PinScreen } from '../../src-shell/features/play-flow/components/pin-screen.js';
import { ResumePromptScreen } from '../../src-shell/features/play-flow/components/resume-prompt-screen.js';
import { WatchWindowScreen } from '../../src-shell/features/play-flow/components/watch-window-screen.js';
import { flowError, messageFor } from '../../src-shell/features/play-flow/flow-errors.js';
import { useReactRoot } from './support/react-root.js';

describe('play flow screens', () => {
  const dom = useReactRoot();

  it('the countdown is a role=timer showing the time left', () => {
    flushSync(() => dom.root.render(createElement(CountdownScreen, { title: 'First Light', availableAt: 10_000, now: 7_000, backHref: '/' })));
    expect(dom.host.querySelector('[role="timer"]')!.textContent).to.equal('00:00:03');
  });

  it('the PIN form: labelled, numeric, error announced, submits the digits', () => {
    const sent: string[] = [];
    const error = { ...flowError('incorrect_pin'), message: 'Incorrect PIN. 4 attempts left.' };
    flushSync(() =>
      dom.root.render(createElement(PinScreen, { title: 'Quiet Room', attemptsLeft: 4, submitting: false, lockedOut: false, error, onSubmit: (p: string) => sent.push(p), backHref: '/' })),
    );
    const input = dom.host.querySelector('input')!;
    expect(dom.host.querySelector(`label[for="${input.id}"]`)).to.exist;
    expect(input.getAttribute('inputmode')).to.equal('numeric');
    expect(dom.host.querySelector('[role="alert"]')!.textContent).to.contain('4 attempts left');
    expect(dom.host.textContent!.split('attempts left').length - 1, 'the attempts left are said once').to.equal(1);
    expect(input.getAttribute('aria-describedby')).to.equal(dom.host.querySelector('[role="alert"]')!.id);
    (dom.host.querySelector('form') as HTMLFormElement).requestSubmit();
    expect(sent).to.deep.equal(['']);
  });

  it('an empty PIN shows a validation, not an error code; the attempts left stay (issue 22 item 15)', () => {
    flushSync(() =>
      dom.root.render(createElement(PinScreen, { title: 'Quiet Room', attemptsLeft: 5, submitting: false, lockedOut: false, invalid: 'empty', onSubmit: () => undefined, backHref: '/' })),
    );
    const alert = dom.host.querySelector('[role="alert"]')!;
    expect(alert.textContent).to.equal('Enter your 4-digit PIN.5 attempts left');
    expect(dom.host.querySelector('[data-testid="error-code"]')).to.equal(null);
    expect(dom.host.querySelector('input')!.getAttribute('aria-invalid')).to.equal('true');
  });

  it('the locked-out PIN screen has no form', () => {
    flushSync(() =>
      dom.root.render(createElement(PinScreen, { title: 'Quiet Room', attemptsLeft: 0, submitting: false, lockedOut: true, error: flowError('too_many_attempts'), onSubmit: () => undefined, backHref: '/' })),
    );
    expect(dom.host.querySelector('form')).to.equal(null);
    expect(dom.host.querySelector('[data-testid="error-code"]')!.textContent).to.equal('too_many_attempts');
  });

  it('the resume prompt offers both choices', () => {
    const chosen: boolean[] = [];
    flushSync(() => dom.root.render(createElement(ResumePromptScreen, { title: 'Resume Me', position: 600, onChoose: (r: boolean) => chosen.push(r) })));
    const buttons = [...dom.host.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).to.deep.equal(['Resume from 10:00', 'Start from the beginning']);
    buttons[0]!.click();
    buttons[1]!.click();
    expect(chosen).to.deep.equal([true, false]);
  });

  it('the watch-window notice and its Play button', () => {
    let played = 0;
    flushSync(() => dom.root.render(createElement(WatchWindowScreen, { title: 'Long Weekend', minutes: 120, onPlay: () => played++, backHref: '/' })));
    expect(dom.host.textContent).to.contain('Watch window: Once you start playing you will have 2 hours to finish watching.');
    dom.host.querySelector('button')!.click();
    expect(played).to.equal(1);
  });

  it('every code of play-page §8 has its own message', () => {
    const codes = [
      'availability_expired', 'live_event_completed', 'server_busy', 'adblocked_content', 'access_denied', 'missing_from_library',
      'unavailable', 'age_restricted', 'missing_dob', 'incorrect_pin', 'too_many_attempts', 'rental_expired', 'invalid_slug',
      'film_not_found', 'season_not_found', 'streams_are_empty',
    ];
    for (const code of codes) expect(messageFor(code).title, code).to.not.equal('Something went wrong');
    expect(flowError('server_busy').retryable).to.equal(true);
  });
});

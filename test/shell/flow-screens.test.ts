import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { CountdownScreen } from '../../src-shell/features/play-flow/components/countdown-screen.js';
import { PinScreen } from '../../src-shell/features/play-flow/components/pin-screen.js';
import { ResumePromptScreen } from '../../src-shell/features/play-flow/components/resume-prompt-screen.js';
import { WatchWindowScreen } from '../../src-shell/features/play-flow/components/watch-window-screen.js';
import { flowError, messageFor } from '../../src-shell/features/play-flow/flow-errors.js';

describe('play flow screens', () => {
  let host: HTMLElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('the countdown is a role=timer showing the time left', () => {
    flushSync(() => root.render(createElement(CountdownScreen, { title: 'First Light', availableAt: 10_000, now: 7_000, backHref: '/' })));
    expect(host.querySelector('[role="timer"]')!.textContent).to.equal('00:00:03');
  });

  it('the PIN form: labelled, numeric, error announced, submits the digits', () => {
    const sent: string[] = [];
    const error = { ...flowError('incorrect_pin'), message: 'Incorrect PIN. 4 attempts left.' };
    flushSync(() =>
      root.render(createElement(PinScreen, { title: 'Quiet Room', attemptsLeft: 4, submitting: false, lockedOut: false, error, onSubmit: (p: string) => sent.push(p), backHref: '/' })),
    );
    const input = host.querySelector('input')!;
    expect(host.querySelector(`label[for="${input.id}"]`)).to.exist;
    expect(input.getAttribute('inputmode')).to.equal('numeric');
    expect(host.querySelector('[role="alert"]')!.textContent).to.contain('4 attempts left');
    (host.querySelector('form') as HTMLFormElement).requestSubmit();
    expect(sent).to.deep.equal(['']);
  });

  it('the locked-out PIN screen has no form', () => {
    flushSync(() =>
      root.render(createElement(PinScreen, { title: 'Quiet Room', attemptsLeft: 0, submitting: false, lockedOut: true, error: flowError('too_many_attempts'), onSubmit: () => undefined, backHref: '/' })),
    );
    expect(host.querySelector('form')).to.equal(null);
    expect(host.querySelector('[data-testid="error-code"]')!.textContent).to.equal('too_many_attempts');
  });

  it('the resume prompt offers both choices', () => {
    const chosen: boolean[] = [];
    flushSync(() => root.render(createElement(ResumePromptScreen, { title: 'Resume Me', position: 600, onChoose: (r: boolean) => chosen.push(r) })));
    const buttons = [...host.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).to.deep.equal(['Resume from 10:00', 'Start from the beginning']);
    buttons[0]!.click();
    buttons[1]!.click();
    expect(chosen).to.deep.equal([true, false]);
  });

  it('the watch-window notice and its Play button', () => {
    let played = 0;
    flushSync(() => root.render(createElement(WatchWindowScreen, { title: 'Long Weekend', hours: 2, onPlay: () => played++, backHref: '/' })));
    expect(host.textContent).to.contain('Watch window: Once you start playing you will have 2 hours to finish watching.');
    host.querySelector('button')!.click();
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

import { expect } from '@open-wc/testing';
import { createElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createTranslator } from 's72-player/client';
import { AppProvider } from '../../src-shell/app/provider.js';
import type { AppServices } from '../../src-shell/app/services.js';
import { UnsupportedBrowserScreen } from '../../src-shell/features/device-support/components/unsupported-browser-screen.js';
import { CountdownScreen } from '../../src-shell/features/play-flow/components/countdown-screen.js';
import { ErrorScreen } from '../../src-shell/features/play-flow/components/error-screen.js';
import { LoadingScreen } from '../../src-shell/features/play-flow/components/loading-screen.js';
import { PinScreen } from '../../src-shell/features/play-flow/components/pin-screen.js';
import { ResumePromptScreen } from '../../src-shell/features/play-flow/components/resume-prompt-screen.js';
import { WatchWindowScreen } from '../../src-shell/features/play-flow/components/watch-window-screen.js';
import { describeFlowError, flowError, messageFor, toFlowError, withMessage } from '../../src-shell/features/play-flow/flow-errors.js';
import { formatCountdown, watchWindowText } from '../../src-shell/features/play-flow/rules.js';
import { parseHash } from '../../src-shell/features/play-session/parse-route.js';
import { I18nProvider, pageLocale } from '../../src-shell/lib/i18n.js';
import { S72Error } from 's72-player/client';
import { useReactRoot } from './support/react-root.js';

const html = document.documentElement;

describe('play page language (lang parameter, navigator.languages, <html lang dir>)', () => {
  const dom = useReactRoot();
  let saved: { lang: string; dir: string; title: string };
  beforeEach(() => {
    saved = { lang: html.lang, dir: html.dir, title: document.title };
  });
  afterEach(() => {
    html.lang = saved.lang;
    html.dir = saved.dir;
    document.title = saved.title;
  });

  const inArabic = (child: ReactNode) => createElement(I18nProvider, { locale: 'ar' }, child);

  it('pageLocale: the lang parameter wins, else the first browser language with a table, else English', () => {
    expect(pageLocale('ar', ['en-US'])).to.equal('ar');
    expect(pageLocale('ar-EG', [])).to.equal('ar');
    expect(pageLocale('en', ['ar-EG'])).to.equal('en');
    expect(pageLocale(null, ['fr-FR', 'ar-MA'])).to.equal('ar');
    expect(pageLocale('fr', ['ar'])).to.equal('ar');
    expect(pageLocale(undefined, ['de'])).to.equal('en');
    expect(pageLocale('', undefined)).to.equal('en');
  });

  it('an error screen with lang=ar (the address) is Arabic, and the document is right to left', () => {
    const hash = parseHash('#/film/night-harbour/night-harbour?lang=ar');
    const snapshot = { session: null, hash };
    const sessions = { subscribe: () => () => undefined, getSnapshot: () => snapshot };
    const services = { sessions } as unknown as AppServices;
    flushSync(() => dom.root.render(createElement(AppProvider, { services, children: createElement(ErrorScreen, { error: flowError('film_not_found') }) })));
    expect(html.getAttribute('lang')).to.equal('ar');
    expect(html.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(dom.host).direction).to.equal('rtl');
    expect(dom.host.querySelector('h1')!.textContent).to.equal('الفيلم غير موجود');
    expect(dom.host.querySelector('.error__message')!.textContent).to.equal('تعذّر العثور على هذا الفيلم.');
    expect(dom.host.querySelector('.error__code')!.textContent).to.equal('رمز الخطأ: film_not_found');
    expect(dom.host.querySelector('a.button')!.textContent).to.equal('رجوع');
  });

  it('without lang the browser languages decide; English keeps <html lang="en" dir="ltr">', () => {
    const hash = parseHash('#/film/night-harbour/night-harbour');
    const snapshot = { session: null, hash };
    const sessions = { subscribe: () => () => undefined, getSnapshot: () => snapshot };
    const services = { sessions } as unknown as AppServices;
    html.lang = 'ar';
    html.dir = 'rtl';
    flushSync(() => dom.root.render(createElement(AppProvider, { services, children: createElement(LoadingScreen) })));
    const expected = pageLocale(null, navigator.languages);
    expect(html.getAttribute('lang')).to.equal(expected);
    expect(html.getAttribute('dir')).to.equal(expected === 'ar' ? 'rtl' : 'ltr');
  });

  it('the loading, countdown, resume and watch-window screens in Arabic', () => {
    flushSync(() => dom.root.render(inArabic(createElement(LoadingScreen))));
    expect(dom.host.querySelector('[role="status"]')!.textContent).to.equal('جارٍ التحميل…');
    flushSync(() => dom.root.render(inArabic(createElement(CountdownScreen, { title: 'First Light', availableAt: 2 * 86_400_000 + 10_000, now: 7_000, backHref: '/' }))));
    const timer = dom.host.querySelector('[role="timer"]')!;
    expect(timer.textContent).to.equal('يومان 00:00:03');
    expect(timer.getAttribute('aria-label')).to.equal('متاح خلال يومان 00:00:03');
    flushSync(() => dom.root.render(inArabic(createElement(ResumePromptScreen, { title: 'Resume Me', position: 600, onChoose: () => undefined }))));
    expect([...dom.host.querySelectorAll('button')].map((b) => b.textContent)).to.deep.equal(['استئناف من 10:00', 'البدء من البداية']);
    flushSync(() => dom.root.render(inArabic(createElement(WatchWindowScreen, { title: 'Long Weekend', minutes: 120, onPlay: () => undefined, backHref: '/' }))));
    expect(dom.host.querySelector('[data-testid="watch-window-text"]')!.textContent).to.equal(
      'فترة المشاهدة: بمجرد أن تبدأ التشغيل سيكون لديك ساعتان لإكمال المشاهدة.',
    );
    expect(html.dir).to.equal('rtl');
  });

  it('the PIN screen in Arabic: label, attempts and the flow\'s own message with Arabic plurals', () => {
    const error = withMessage(flowError('incorrect_pin'), 'pin.incorrect', { count: 3 });
    expect(error.message, 'the FlowError keeps English').to.equal('Incorrect PIN. 3 attempts left.');
    flushSync(() =>
      dom.root.render(inArabic(createElement(PinScreen, { title: 'Quiet Room', attemptsLeft: 3, submitting: false, lockedOut: false, error, onSubmit: () => undefined, backHref: '/' }))),
    );
    expect(dom.host.querySelector('label')!.textContent).to.equal('الرمز السري (4 أرقام)');
    expect(dom.host.querySelector('[role="alert"] .error__message')!.textContent).to.equal('رمز سري غير صحيح. تتبقّى 3 محاولات.');
    expect(dom.host.querySelector('[data-testid="pin-attempts"]'), 'the attempts are said once, in the error').to.equal(null);
    flushSync(() =>
      dom.root.render(inArabic(createElement(PinScreen, { title: 'Quiet Room', attemptsLeft: 3, submitting: false, lockedOut: false, invalid: 'empty', onSubmit: () => undefined, backHref: '/' }))),
    );
    expect(dom.host.querySelector('[data-testid="pin-attempts"]')!.textContent).to.equal('تتبقّى 3 محاولات');
  });

  it('the unsupported-browser screen in Arabic', () => {
    flushSync(() => dom.root.render(inArabic(createElement(UnsupportedBrowserScreen, { support: { mobile: false, browser: 'Safari', os: 'Windows 10' } }))));
    expect(dom.host.querySelector('h1')!.textContent).to.equal('متصفح غير مدعوم');
    expect(dom.host.querySelector('.unsupported__message')!.textContent).to.equal('لا يمكن لمتصفح Safari على Windows 10 تشغيل هذا المحتوى.');
    expect(dom.host.querySelector('[data-testid="unsupported-action"]')!.textContent).to.equal('الأجهزة المدعومة');
  });
});

describe('flow errors from the string table', () => {
  it('messageFor and toFlowError keep the English texts', () => {
    expect(messageFor('server_busy')).to.deep.equal({ title: 'Server busy', message: 'Our servers are busy. Please try again in a moment.' });
    expect(messageFor('nope')).to.deep.equal({ title: 'Something went wrong', message: 'The video could not be played.' });
    expect(toFlowError(new Error('x'))).to.deep.include({ code: 'playback_error', title: 'Something went wrong', retryable: true });
    expect(toFlowError(new S72Error('play_token_expired', 'x', { category: 'client' }))).to.deep.include({ code: 'availability_expired', title: 'No longer available' });
  });

  it('describeFlowError: table texts in the page language; a caller\'s own text as given', () => {
    const ar = createTranslator('ar');
    expect(describeFlowError(flowError('server_busy'), ar)).to.deep.equal(ar.errorText('server_busy'));
    expect(describeFlowError(toFlowError(new Error('x')), ar)).to.deep.equal(ar.errorText('playback_error'));
    const custom = { ...flowError('film_not_found'), title: 'Custom title', message: 'Custom message' };
    expect(describeFlowError(custom, ar)).to.deep.equal({ title: 'Custom title', message: 'Custom message' });
    const en = createTranslator('en');
    expect(describeFlowError(withMessage(flowError('incorrect_pin'), 'pin.empty', { count: 4 }), en).message).to.equal('Enter your 4-digit PIN.');
  });

  it('watchWindowText and formatCountdown take the page language, English by default', () => {
    expect(watchWindowText(60)).to.equal('Watch window: Once you start playing you will have an hour to finish watching.');
    expect(watchWindowText(180, createTranslator('ar'))).to.contain('3 ساعات');
    expect(formatCountdown(86_400_000 + 1000)).to.equal('1 day 00:00:01');
    expect(formatCountdown(11 * 86_400_000, createTranslator('ar'))).to.equal('11 يومًا 00:00:00');
  });
});

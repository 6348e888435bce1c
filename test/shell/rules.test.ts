import { expect } from '@open-wc/testing';
import { createTranslator } from 's72-player/client';
import { formatCountdown, formatPosition, watchWindowText } from '../../src-shell/features/play-flow/rules.js';
import { minimumAgeOf } from '../../src-shell/features/play-flow/api/flow-api.js';
import { pageUrlWithoutTokens } from '../../src-shell/app/services.js';

describe('play-flow rules: wording and formats', () => {
  it('the watch-window notice, word for word (play-page §2)', () => {
    expect(watchWindowText(60)).to.equal('Watch window: Once you start playing you will have an hour to finish watching.');
    expect(watchWindowText(120)).to.equal('Watch window: Once you start playing you will have 2 hours to finish watching.');
    expect(watchWindowText(0)).to.equal('Watch window: Once you start playing you will have an hour to finish watching.');
    expect(watchWindowText(20), 'at least an hour').to.equal('Watch window: Once you start playing you will have an hour to finish watching.');
  });
  it('a window that is not whole hours is said exactly, not rounded (issue 22 item 15)', () => {
    expect(watchWindowText(90)).to.equal('Watch window: Once you start playing you will have 1 hour 30 minutes to finish watching.');
    expect(watchWindowText(125)).to.equal('Watch window: Once you start playing you will have 2 hours 5 minutes to finish watching.');
    const ar = watchWindowText(90, createTranslator('ar'));
    expect(ar).to.equal('فترة المشاهدة: بمجرد أن تبدأ التشغيل سيكون لديك ساعة واحدة و30 دقيقة لإكمال المشاهدة.');
    expect(ar, 'never rounded to two hours').not.to.contain('ساعتان');
  });
  it('positions as mm:ss / h:mm:ss', () => {
    expect(formatPosition(600)).to.equal('10:00');
    expect(formatPosition(65.9)).to.equal('01:05');
    expect(formatPosition(3725)).to.equal('1:02:05');
  });
  it('countdowns round up to the second', () => {
    expect(formatCountdown(2001)).to.equal('00:00:03');
    expect(formatCountdown(0)).to.equal('00:00:00');
    expect(formatCountdown(2 * 86_400_000 + 1000)).to.equal('2 days 00:00:01');
  });
  it('the highest classification minimum_age', () => {
    expect(minimumAgeOf([{ minimum_age: 0 }, { minimum_age: 18 }])).to.equal(18);
    expect(minimumAgeOf([])).to.equal(undefined);
    expect(minimumAgeOf(null)).to.equal(undefined);
  });
  it('the sign-in `from` never carries tokens', () => {
    expect(pageUrlWithoutTokens('https://s.example/play/#/film/x?u=tok&t=5&p=pt')).to.equal('https://s.example/play/#/film/x?t=5');
    expect(pageUrlWithoutTokens('https://s.example/play/#/film/x')).to.equal('https://s.example/play/#/film/x');
  });
});

/**
 * The viewer's subtitle preferences and subtitle choice (controllers/preferences-controller.ts,
 * core/ui/text-track-choice.ts; player-and-client §3 "User preferences" — saved in local storage
 * under a player preferences key — and "Tracks", §9 the `C` key): real `<s72-player>` elements and
 * the real localStorage; the remembered choice against the demo DASH title (en/ar WebVTT).
 */
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { readStoredPlayerPreferences } from '../../src-element/controllers/preferences-controller.js';
import { captionsToggleTarget, choiceOf, findTextTrack, isOff, isRtlLanguage, validTextTrackChoice } from '../../src-element/core/ui/text-track-choice.js';
import { DEFAULT_SUBTITLE_PREFERENCES, PREFERENCES_STORAGE_KEY, type SubtitlePreferences } from '../../src-element/core/ui/ui-state.js';
import { REQUEST_EVENTS } from '../../src-element/events.js';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

const stored = (): Record<string, unknown> => JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null') as Record<string, unknown>;
const request = (player: S72Player, type: string, detail?: unknown) => player.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));

async function player(attributes: { src?: string; config?: object } = {}): Promise<S72Player> {
  const el = await fixture<S72Player>(html`<s72-player muted .config=${attributes.config ?? {}} src=${attributes.src ?? ''}></s72-player>`);
  return el;
}

describe('subtitle preferences (player-and-client §3 "User preferences")', function () {
  this.timeout(40_000);
  afterEach(() => {
    sinon.restore();
    localStorage.removeItem(PREFERENCES_STORAGE_KEY);
  });

  it('round trip: loads the stored preferences on connect, saves a change (other stored fields kept) and fires s72-preferences-change', async () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ subtitleTextColor: 'yellow', subtitleTextSize: 'huge', somethingElse: 42 }));
    const first = await player();
    // Valid fields only; the defaults for the rest.
    expect(first.store.getState().subtitlePreferences).to.deep.equal({ ...DEFAULT_SUBTITLE_PREFERENCES, subtitleTextColor: 'yellow' });

    const change = nextEvent<CustomEvent<SubtitlePreferences>>(first, 's72-preferences-change');
    request(first, REQUEST_EVENTS.preferences, { subtitleBackground: 'transparent-panel', subtitleTextSize: 'lg' });
    expect((await change).detail).to.deep.equal({ subtitleTextColor: 'yellow', subtitleBackground: 'transparent-panel', subtitleTextSize: 'lg' });
    expect(stored()).to.deep.equal({ subtitleTextColor: 'yellow', subtitleBackground: 'transparent-panel', subtitleTextSize: 'lg', somethingElse: 42 });

    // No change, no event.
    const spy = sinon.spy();
    first.addEventListener('s72-preferences-change', spy);
    request(first, REQUEST_EVENTS.preferences, { subtitleTextSize: 'lg' });
    request(first, REQUEST_EVENTS.preferences, { subtitleTextSize: 'xl' });
    expect(spy.called).to.equal(false);

    // Another player (a reload) starts from them, and its overlay shows them.
    first.remove();
    const second = await player();
    expect(second.store.getState().subtitlePreferences).to.deep.equal({ subtitleTextColor: 'yellow', subtitleBackground: 'transparent-panel', subtitleTextSize: 'lg' });
    const overlay = second.shadowRoot!.querySelector('s72-subtitle-overlay')!;
    await overlay.updateComplete;
    expect(overlay.textContainer.style.getPropertyValue('--_s72-subtitle-color')).to.equal('#ffeb3b');
  });

  it('corrupt JSON or a stored value of the wrong shape gives the defaults; the next change is saved', async () => {
    for (const corrupt of ['{not json', '"yellow"', '[1,2]', 'null']) {
      localStorage.setItem(PREFERENCES_STORAGE_KEY, corrupt);
      const el = await player();
      expect(el.store.getState().subtitlePreferences, corrupt).to.deep.equal(DEFAULT_SUBTITLE_PREFERENCES);
      el.remove();
    }
    const el = await player();
    request(el, REQUEST_EVENTS.preferences, { subtitleTextColor: 'yellow' });
    expect(stored()).to.deep.equal({ ...DEFAULT_SUBTITLE_PREFERENCES, subtitleTextColor: 'yellow' });
  });

  it('a storage that throws (private mode, quota) never breaks the player: defaults on read, the change still applies', async () => {
    sinon.stub(Storage.prototype, 'getItem').throws(new DOMException('denied', 'SecurityError'));
    const setItem = sinon.stub(Storage.prototype, 'setItem').throws(new DOMException('full', 'QuotaExceededError'));
    const el = await player();
    expect(el.store.getState().subtitlePreferences).to.deep.equal(DEFAULT_SUBTITLE_PREFERENCES);
    const change = nextEvent<CustomEvent<SubtitlePreferences>>(el, 's72-preferences-change');
    request(el, REQUEST_EVENTS.preferences, { subtitleBackground: 'black' });
    expect((await change).detail.subtitleBackground).to.equal('black');
    expect(setItem.called).to.equal(true);
    expect(el.store.getState().subtitlePreferences.subtitleBackground).to.equal('black');
    expect(readStoredPlayerPreferences()).to.deep.equal({});
  });

  it('text-track choice helpers: validation, matching by language then kind, the captions toggle target, rtl languages', () => {
    expect(validTextTrackChoice('off')).to.equal('off');
    expect(validTextTrackChoice({ language: 'ar', kind: 'subtitles' })).to.deep.equal({ language: 'ar', kind: 'subtitles' });
    expect(validTextTrackChoice({ language: 'ar', kind: 'subtitles', off: true })).to.deep.equal({ language: 'ar', kind: 'subtitles', off: true });
    for (const bad of [null, 'on', 3, {}, { language: '' }, { language: 7 }]) expect(validTextTrackChoice(bad)).to.equal(null);
    const tracks = [
      { id: '1', language: 'en', kind: 'subtitles', active: false },
      { id: '2', language: 'ar', kind: 'subtitles', active: false },
      { id: '3', language: 'ar', kind: 'captions', active: false },
    ];
    expect(findTextTrack(tracks, { language: 'ar', kind: 'captions' })?.id).to.equal('3');
    expect(findTextTrack(tracks, { language: 'AR', kind: 'forced' })?.id).to.equal('2');
    expect(findTextTrack(tracks, { language: 'fr', kind: 'subtitles' })).to.equal(null);
    expect(findTextTrack(tracks, 'off')).to.equal(null);
    // Nothing showing: the remembered track, else the first; something showing: off.
    expect(captionsToggleTarget(tracks, { language: 'ar', kind: 'captions' })).to.equal('3');
    expect(captionsToggleTarget(tracks, null)).to.equal('1');
    expect(captionsToggleTarget(tracks, 'off')).to.equal('1');
    expect(captionsToggleTarget(tracks, { language: 'ar', kind: 'captions', off: true })).to.equal('3');
    // Turning off keeps the language shown until then (or the previous choice's) for the toggle.
    expect(choiceOf(null, tracks[1], null)).to.deep.equal({ language: 'ar', kind: 'subtitles', off: true });
    expect(choiceOf(null, null, { language: 'en', kind: 'subtitles' })).to.deep.equal({ language: 'en', kind: 'subtitles', off: true });
    expect(choiceOf(null, null, null)).to.equal('off');
    expect(choiceOf(tracks[2], tracks[1], 'off')).to.deep.equal({ language: 'ar', kind: 'captions' });
    expect([isOff('off'), isOff({ language: 'ar', kind: '', off: true }), isOff({ language: 'ar', kind: '' }), isOff(null)]).to.deep.equal([true, true, false, false]);
    expect(captionsToggleTarget([{ ...tracks[0]!, active: true }, tracks[1]!], null)).to.equal(null);
    expect(captionsToggleTarget([], null)).to.equal(null);
    expect(['ar', 'he', 'fa', 'ur', 'ar-EG'].every(isRtlLanguage)).to.equal(true);
    expect(['en', 'fr', '', 'arn'].some(isRtlLanguage)).to.equal(false);
  });

  it('remembers "subtitles off" and applies it to the next source, over the configured preferred language', async () => {
    const first = await player({ src: demoUrl(MEDIA.clearDash), config: { preferredTextLanguage: 'ar' } });
    await nextEvent(first, 's72-loaded');
    await until(() => first.tracks.text.some((track) => track.active && track.language === 'ar'), 'Arabic shows (preferred)');
    request(first, REQUEST_EVENTS.textTrack, null);
    await until(() => first.tracks.text.every((track) => !track.active), 'subtitles off');
    expect(stored()['textTrack']).to.deep.include({ language: 'ar', off: true });
    first.remove();

    const second = await player({ src: demoUrl(MEDIA.clearDash), config: { preferredTextLanguage: 'ar' } });
    await nextEvent(second, 's72-loaded');
    await until(() => second.tracks.text.length === 2 && second.tracks.text.every((track) => !track.active), 'subtitles stay off');
  });

  it('the captions toggle (C key request) turns the remembered language back on, then off, and remembers each', async () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ textTrack: { language: 'ar', kind: 'subtitles' }, subtitleTextColor: 'yellow' }));
    const el = await player({ src: demoUrl(MEDIA.clearDash) });
    await nextEvent(el, 's72-loaded');
    // The remembered Arabic is applied to the new source without any preferred language configured.
    await until(() => el.tracks.text.find((track) => track.active)?.language === 'ar', 'Arabic applied on load');

    request(el, REQUEST_EVENTS.captionsToggle);
    await until(() => el.tracks.text.every((track) => !track.active), 'C: off');
    expect(stored()['textTrack']).to.deep.include({ language: 'ar', off: true });
    expect(stored()['subtitleTextColor']).to.equal('yellow');

    request(el, REQUEST_EVENTS.captionsToggle);
    await until(() => el.tracks.text.find((track) => track.active)?.language === 'ar', 'C: the remembered Arabic again');
    expect(stored()['textTrack']).to.deep.equal({ language: 'ar', kind: el.tracks.text.find((track) => track.language === 'ar')!.kind });
  });
});

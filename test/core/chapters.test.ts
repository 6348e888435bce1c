/**
 * Chapters' rules (core/chapters.ts, issue 27 item 2), the Chapters submenu of the settings menu
 * model and the seek announcement's chapter.
 */
import { expect } from '@open-wc/testing';
import { chapterAt, chaptersFiles, chooseChapterLanguage, normaliseChapters } from '../../src-element/core/chapters.js';
import { createTranslator } from '../../src-element/core/i18n/index.js';
import { announcements, type AnnounceFacts } from '../../src-element/core/ui/announcements.js';
import { settingsEntries, type SettingsFacts } from '../../src-element/core/ui/settings-menu-model.js';
import { hasSettingsEntries } from '../../src-element/core/ui/settings-menu-rules.js';
import { DEFAULT_SUBTITLE_PREFERENCES } from '../../src-element/core/ui/ui-state.js';

const en = createTranslator('en');
const CHAPTERS = normaliseChapters([
  { startTime: 24, endTime: 40, title: 'The storm' },
  { startTime: 0, endTime: 12, title: 'Opening' },
  { startTime: 12, endTime: 24, title: ' The harbour ' },
  { startTime: 40, endTime: 60, title: '' },
]);

describe('chapters (core)', () => {
  it('the content files: resolved against the page, http(s) only, language default und', () => {
    const files = chaptersFiles(
      { chapters: [{ url: 'ch/en.vtt', language: 'en' }, { url: 'javascript:alert(1)' }, { url: '' }, { url: 'https://cdn.example/ar.vtt', language: 'ar' }, { url: '/x.vtt' }] },
      'https://shop.example/play/',
    );
    expect(files).to.deep.equal([
      { url: 'https://shop.example/play/ch/en.vtt', language: 'en' },
      { url: 'https://cdn.example/ar.vtt', language: 'ar' },
      { url: 'https://shop.example/x.vtt', language: 'und' },
    ]);
    expect(chaptersFiles(null, 'https://shop.example/')).to.deep.equal([]);
    expect(chaptersFiles({ chapters: 'nope' as never }, 'https://shop.example/')).to.deep.equal([]);
  });

  it('the language: exact, else by primary subtag, else the first; null without any', () => {
    expect(chooseChapterLanguage(['en', 'ar'], 'ar')).to.equal('ar');
    expect(chooseChapterLanguage(['en-GB', 'ar'], 'en')).to.equal('en-GB');
    expect(chooseChapterLanguage(['ar-EG', 'en'], 'ar-SA')).to.equal('ar-EG');
    expect(chooseChapterLanguage(['fr', 'de'], 'en')).to.equal('fr');
    expect(chooseChapterLanguage([], 'en')).to.equal(null);
  });

  it('ordered by start, titles trimmed, the chapter at a position', () => {
    expect(CHAPTERS.map((c) => [c.startTime, c.title])).to.deep.equal([
      [0, 'Opening'],
      [12, 'The harbour'],
      [24, 'The storm'],
      [40, ''],
    ]);
    expect(chapterAt(CHAPTERS, 0)?.title).to.equal('Opening');
    expect(chapterAt(CHAPTERS, 11.9)?.title).to.equal('Opening');
    expect(chapterAt(CHAPTERS, 12)?.title).to.equal('The harbour');
    expect(chapterAt(CHAPTERS, 59)?.startTime).to.equal(40);
    expect(chapterAt(normaliseChapters([{ startTime: 5, endTime: 9, title: 'Late' }]), 2)).to.equal(null);
  });

  it('the settings menu: Chapters with titles ("Chapter 4" without one), start times, the playing one checked, seeks to its start', () => {
    const facts: SettingsFacts = {
      tracks: { audio: [], text: [], video: [] },
      rateMenu: false,
      playbackRate: 1,
      showSubtitleSettings: true,
      subtitlePreferences: DEFAULT_SUBTITLE_PREFERENCES,
      chapters: CHAPTERS,
      currentTime: 30,
    };
    const [entry] = settingsEntries(facts, en);
    expect(entry!.submenu).to.equal('chapters');
    expect(entry!.label).to.equal('Chapters');
    expect(entry!.value).to.equal('The storm');
    const options = entry!.groups[0]!.options;
    expect(options.map((o) => [o.label, o.hint, o.selected])).to.deep.equal([
      ['Opening', '0:00', false],
      ['The harbour', '0:12', false],
      ['The storm', '0:24', true],
      ['Chapter 4', '0:40', false],
    ]);
    expect(options[3]!.action).to.deep.equal({ type: 's72-seek-request', detail: 40 });
    expect(hasSettingsEntries(facts)).to.equal(true);
    // Not while seeking is not allowed (an ad, `seeking: false`), and not without chapters.
    expect(settingsEntries({ ...facts, canSeek: false }, en)).to.deep.equal([]);
    expect(hasSettingsEntries({ ...facts, canSeek: false })).to.equal(false);
    expect(hasSettingsEntries({ ...facts, chapters: [] })).to.equal(false);
  });

  it('a seek announcement names the chapter it lands in', () => {
    const base: AnnounceFacts = { loaded: true, paused: true, ended: false, currentTime: 5, volume: 1, muted: false, tracks: { audio: [], text: [], video: [] } };
    const said = announcements({ ...base, chapters: CHAPTERS }, { ...base, currentTime: 25, chapters: CHAPTERS }, en);
    expect(said).to.deep.equal([{ kind: 'seek', text: 'Position 25 seconds, The storm' }]);
    expect(announcements(base, { ...base, currentTime: 25 }, en)).to.deep.equal([{ kind: 'seek', text: 'Position 25 seconds' }]);
  });
});

/**
 * The settings menu's rules (player-and-client §4 "Menus", §5 "Menu rules"; core/ui/settings-menu-model.ts):
 * which submenus show for which tracks and configuration, option order, labels and selection.
 */
import { expect } from '@open-wc/testing';
import { createTranslator, loadStringTable } from '../../src-element/core/i18n/index.js';
import type { AudioTrackInfo, TextTrackInfo, VideoTrackInfo } from '../../src-element/core/engine/engine.js';
import { settingsEntries, SPEED_MENU_RATES, type SettingsFacts } from '../../src-element/core/ui/settings-menu-model.js';
import { hasSettingsEntries } from '../../src-element/core/ui/settings-menu-rules.js';
import { DEFAULT_SUBTITLE_PREFERENCES } from '../../src-element/core/ui/ui-state.js';

const en = createTranslator('en');
const text = (id: string, language: string, active = false, kind = 'subtitle', label = ''): TextTrackInfo => ({ id, kind, language, label, active });
const audio = (id: string, language: string, label: string, roles: string[] = [], active = false): AudioTrackInfo => ({ id, language, label, roles, active });
const video = (id: string, height: number, bandwidth: number, active = false): VideoTrackInfo => ({ id, label: `${height}p`, width: null, height, bandwidth, active });

function facts(overrides: Partial<SettingsFacts> & { text?: TextTrackInfo[]; audio?: AudioTrackInfo[]; video?: VideoTrackInfo[] } = {}): SettingsFacts {
  return {
    tracks: { text: overrides.text ?? [], audio: overrides.audio ?? [], video: overrides.video ?? [] },
    rateMenu: overrides.rateMenu ?? false,
    playbackRate: overrides.playbackRate ?? 1,
    showSubtitleSettings: overrides.showSubtitleSettings ?? true,
    subtitlePreferences: overrides.subtitlePreferences ?? DEFAULT_SUBTITLE_PREFERENCES,
  };
}
const submenus = (f: SettingsFacts) => settingsEntries(f, en).map((entry) => entry.submenu);

describe('settings menu rules', () => {
  // The Arabic table is fetched on demand (the player's CDN build never downloads it for English).
  before(() => loadStringTable('ar'));

  const TWO_AUDIO = [audio('a1', 'en', 'English', ['main'], true), audio('a2', 'fr', 'Français', ['dub'])];
  const TWO_VIDEO = [video('v1', 360, 800_000), video('v2', 1080, 4_500_000)];

  const cases: Array<[string, SettingsFacts, string[]]> = [
    ['nothing to offer: no entries (the button hides)', facts(), []],
    ['one text track: Subtitles and Subtitle settings', facts({ text: [text('t1', 'en')] }), ['subtitles', 'subtitleSettings']],
    ['showSubtitleSettings false: no Subtitle settings', facts({ text: [text('t1', 'en')], showSubtitleSettings: false }), ['subtitles']],
    ['one audio track: no Audio', facts({ audio: [TWO_AUDIO[0]!] }), []],
    ['two audio tracks: Audio', facts({ audio: TWO_AUDIO }), ['audio']],
    ['speed only when enabled', facts({ rateMenu: true }), ['speed']],
    ['one video track: no Quality', facts({ video: [TWO_VIDEO[0]!] }), []],
    ['everything, in menu order', facts({ text: [text('t1', 'en')], audio: TWO_AUDIO, video: TWO_VIDEO, rateMenu: true }), ['subtitles', 'subtitleSettings', 'audio', 'speed', 'quality']],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => expect(submenus(input)).to.deep.equal(expected));
  }

  it('the settings button shows (hasSettingsEntries, without the menu code) exactly when the menu has entries', () => {
    for (const [name, input, expected] of cases) expect(hasSettingsEntries(input), name).to.equal(expected.length > 0);
    const subtitlesWithoutSettings = facts({ text: [text('t1', 'en')], showSubtitleSettings: false });
    expect(hasSettingsEntries(subtitlesWithoutSettings)).to.equal(true);
  });

  it('Subtitles: Off first and selected when no track shows; a track by label, else language; captions marked', () => {
    const [entry] = settingsEntries(facts({ text: [text('t1', 'en'), text('t2', 'ar', false, 'caption', 'Arabic')] }), en);
    expect(entry!.value).to.equal('Off');
    expect(entry!.groups[0]!.options.map((o) => [o.label, o.selected])).to.deep.equal([
      ['Off', true],
      ['en', false],
      ['Arabic (CC)', false],
    ]);
    expect(entry!.groups[0]!.options[0]!.action).to.deep.equal({ type: 's72-text-track-request', detail: null });
    const [shown] = settingsEntries(facts({ text: [text('t1', 'en', true, 'subtitle', 'English')] }), en);
    expect(shown!.value).to.equal('English');
    expect(shown!.groups[0]!.options.find((o) => o.selected)?.action).to.deep.equal({ type: 's72-text-track-request', detail: 't1' });
  });

  it('Subtitle settings: colour, background, size groups with the saved values selected', () => {
    const entry = settingsEntries(
      facts({ text: [text('t1', 'en')], subtitlePreferences: { subtitleTextColor: 'yellow', subtitleBackground: 'transparent-panel', subtitleTextSize: 'lg' } }),
      en,
    )[1]!;
    expect(entry.groups.map((g) => g.label)).to.deep.equal(['Text colour', 'Background', 'Text size']);
    expect(entry.groups.map((g) => g.options.map((o) => o.label))).to.deep.equal([
      ['White', 'Yellow'],
      ['None', 'Black', 'Transparent panel'],
      ['Small', 'Medium', 'Large'],
    ]);
    expect(entry.groups.map((g) => g.options.find((o) => o.selected)?.label)).to.deep.equal(['Yellow', 'Transparent panel', 'Large']);
    expect(entry.value).to.equal('Yellow, Transparent panel, Large');
    expect(entry.groups[2]!.options[0]!.action).to.deep.equal({ type: 's72-preferences-request', detail: { subtitleTextSize: 'sm' } });
  });

  it('Audio: label, language and roles (not "main"); the active one is the value', () => {
    const entry = settingsEntries(facts({ audio: TWO_AUDIO }), en)[0]!;
    expect(entry.label).to.equal('Audio');
    expect(entry.groups[0]!.options.map((o) => o.label)).to.deep.equal(['English · en', 'Français · fr · dub']);
    expect(entry.value).to.equal('English · en');
  });

  it('Playback speed: x2, x1.5, x1.25, Normal, x0.75, x0.5 with the current rate selected', () => {
    expect(SPEED_MENU_RATES).to.deep.equal([2, 1.5, 1.25, 1, 0.75, 0.5]);
    const entry = settingsEntries(facts({ rateMenu: true, playbackRate: 1.5 }), en)[0]!;
    expect(entry.groups[0]!.options.map((o) => o.label)).to.deep.equal(['x2', 'x1.5', 'x1.25', 'Normal', 'x0.75', 'x0.5']);
    expect(entry.groups[0]!.options.find((o) => o.selected)?.label).to.equal('x1.5');
    expect(entry.value).to.equal('x1.5');
  });

  it('Quality: Auto, then the tracks by bitrate (highest first) with height and bitrate', () => {
    const tracks = [video('v1', 720, 2_400_000), video('v2', 360, 800_000), video('v3', 1080, 4_500_000), video('v4', 2160, 16_000_000)];
    const entry = settingsEntries(facts({ video: tracks }), en)[0]!;
    expect(entry.groups[0]!.options.map((o) => o.label)).to.deep.equal(['Auto', '2160p · 16 Mbps', '1080p · 4.5 Mbps', '720p · 2.4 Mbps', '360p · 0.8 Mbps']);
    expect(entry.value).to.equal('Auto');
    const pinned = settingsEntries(facts({ video: [video('v1', 720, 2_400_000, true), video('v2', 360, 800_000)] }), en)[0]!;
    expect(pinned.value).to.equal('720p · 2.4 Mbps');
    expect(pinned.groups[0]!.options[0]!.selected, 'Auto not selected when a track is pinned').to.equal(false);
  });

  it('speaks Arabic', () => {
    const ar = createTranslator('ar');
    const entries = settingsEntries(facts({ text: [text('t1', 'en')], rateMenu: true, video: TWO_VIDEO }), ar);
    expect(entries.map((e) => e.label)).to.deep.equal(['الترجمة', 'إعدادات الترجمة', 'سرعة التشغيل', 'الجودة']);
    expect(entries[0]!.value).to.equal('إيقاف');
  });
});

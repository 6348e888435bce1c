// player-and-client §4 "Menus", §5 "Menu rules", §3 "Tracks"; play-page §2 `rates=true`; issue 27 item 2
/**
 * What the settings menu offers ("User
 * preferences"): which submenus show, their options in order, which option is selected and the
 * request each option sends. Framework-free (core layer); `<s72-settings-menu>` renders it.
 *
 * Rules:
 * - *Subtitles* with at least one text track: Off, then each track (label, else language).
 * - *Subtitle settings* with at least one text track and `showSubtitleSettings`: text colour
 *   (white, yellow), background (none, black, transparent panel), size (small, medium, large).
 * - *Audio* with at least two audio tracks: label, language and roles of each.
 * - *Playback speed* when enabled (`playbackRates`): x2, x1.5, x1.25,
 *   Normal, x0.75, x0.5.
 * - *Quality* with at least two video tracks: Auto, then the tracks by bitrate, highest first, each
 *   with its height and bitrate ("1080p · 4.5 Mbps").
 * - *Chapters* with at least one chapter while seeking is allowed: each chapter by title with its
 *   start time, the one playing checked; choosing one seeks to its start.
 * The main view lists the submenus that show, each with its current value.
 */
import { chapterAt, chapterLabel } from '../chapters.js';
import type { ChapterInfo } from '../engine/engine.js';
import { formatTime } from '../format-time.js';
import type { Translator } from '../i18n/index.js';
import type { MessageKey } from '../i18n/types.js';
import type { PlayerTracks } from '../player-store.js';
import { audioTrackLabel, qualityLabel, textTrackLabel } from './track-labels.js';
import { SUBTITLE_PREFERENCE_VALUES, type SubtitlePreferences } from './ui-state.js';

export { audioTrackLabel, qualityLabel, textTrackLabel } from './track-labels.js';

/** The submenus, in the main view's order. */
export type SettingsSubmenu = 'subtitles' | 'subtitleSettings' | 'audio' | 'speed' | 'quality' | 'chapters';

/** The request an option sends (a request event and its detail, `events.ts`). */
export type SettingsAction =
  | { type: 's72-text-track-request'; detail: string | null }
  | { type: 's72-audio-track-request'; detail: string }
  | { type: 's72-rate-request'; detail: number }
  | { type: 's72-quality-request'; detail: string | null }
  | { type: 's72-preferences-request'; detail: Partial<SubtitlePreferences> }
  | { type: 's72-seek-request'; detail: number };

/** One choice of a submenu (a `menuitemradio`). */
export interface SettingsOption {
  /** Unique within its submenu. */
  key: string;
  label: string;
  /** A second, quieter text after the label (a chapter's start time). */
  hint?: string;
  selected: boolean;
  action: SettingsAction;
}

/** A titled group of options (subtitle settings has three; the others one, untitled). */
export interface SettingsGroup {
  label?: string;
  options: SettingsOption[];
}

/** One row of the main view: a submenu and its current value. */
export interface SettingsEntry {
  submenu: SettingsSubmenu;
  label: string;
  /** The current choice, e.g. "English", "Auto (720p)", "Normal". */
  value: string;
  groups: SettingsGroup[];
}

/** The state the menu is built from (rows of the player store). */
export interface SettingsFacts {
  tracks: PlayerTracks;
  /** Playback speed offered (`rateMenu` row). */
  rateMenu: boolean;
  playbackRate: number;
  showSubtitleSettings: boolean;
  subtitlePreferences: SubtitlePreferences;
  // issue 27 item 2
  /** The chapters (store row `chapters`); absent: none. */
  chapters?: readonly ChapterInfo[];
  /** Position, seconds (the chapter playing is checked). */
  currentTime?: number;
  /** Seeking is allowed (store row `canSeek`); absent: true. */
  canSeek?: boolean;
}

// player-and-client §4
/** The speeds of the menu, in menu order. */
export const SPEED_MENU_RATES: readonly number[] = Object.freeze([2, 1.5, 1.25, 1, 0.75, 0.5]);

/** A speed's name: "Normal" for 1, else "x1.5". */
export function speedLabel(rate: number, t: Translator): string {
  return rate === 1 ? t.t('settings.normal') : t.t('settings.speedValue', { rate });
}

function subtitles(facts: SettingsFacts, t: Translator): SettingsEntry | null {
  const { text } = facts.tracks;
  if (text.length === 0) return null;
  const active = text.find((track) => track.active);
  const options: SettingsOption[] = [
    { key: 'off', label: t.t('settings.off'), selected: !active, action: { type: 's72-text-track-request', detail: null } },
    ...text.map((track) => ({
      key: `text:${track.id}`,
      label: textTrackLabel(track, t),
      selected: track.active,
      action: { type: 's72-text-track-request', detail: track.id } as const,
    })),
  ];
  return { submenu: 'subtitles', label: t.t('settings.subtitles'), value: active ? textTrackLabel(active, t) : t.t('settings.off'), groups: [{ options }] };
}

const PREFERENCE_GROUPS = [
  ['subtitleTextColor', 'settings.textColor'],
  ['subtitleBackground', 'settings.background'],
  ['subtitleTextSize', 'settings.textSize'],
] as const;

function subtitleSettings(facts: SettingsFacts, t: Translator): SettingsEntry | null {
  if (facts.tracks.text.length === 0 || !facts.showSubtitleSettings) return null;
  const prefs = facts.subtitlePreferences;
  const groups = PREFERENCE_GROUPS.map(([field, label]) => {
    // Menu order: the sizes small → large; the others as SUBTITLE_PREFERENCE_VALUES lists them.
    const values: readonly string[] = field === 'subtitleTextSize' ? ['sm', 'md', 'lg'] : SUBTITLE_PREFERENCE_VALUES[field];
    return {
      label: t.t(label),
      options: values.map((value) => ({
        key: `${field}:${value}`,
        label: t.t(`settings.${field}.${value}` as MessageKey),
        selected: prefs[field] === value,
        action: { type: 's72-preferences-request', detail: { [field]: value } } as SettingsAction,
      })),
    };
  });
  const value = groups.map((group) => group.options.find((option) => option.selected)?.label ?? '').join(t.t('settings.listSeparator'));
  return { submenu: 'subtitleSettings', label: t.t('settings.subtitleSettings'), value, groups };
}

function audio(facts: SettingsFacts): SettingsEntry | null {
  const tracks = facts.tracks.audio;
  if (tracks.length < 2) return null;
  const active = tracks.find((track) => track.active);
  const options = tracks.map((track) => ({
    key: `audio:${track.id}`,
    label: audioTrackLabel(track),
    selected: track.active,
    action: { type: 's72-audio-track-request', detail: track.id } as const,
  }));
  return { submenu: 'audio', label: '', value: active ? audioTrackLabel(active) : '', groups: [{ options }] };
}

function speed(facts: SettingsFacts, t: Translator): SettingsEntry | null {
  if (!facts.rateMenu) return null;
  const options = SPEED_MENU_RATES.map((rate) => ({
    key: `rate:${rate}`,
    label: speedLabel(rate, t),
    selected: facts.playbackRate === rate,
    action: { type: 's72-rate-request', detail: rate } as const,
  }));
  return { submenu: 'speed', label: t.t('settings.speed'), value: speedLabel(facts.playbackRate, t), groups: [{ options }] };
}

function quality(facts: SettingsFacts, t: Translator): SettingsEntry | null {
  const tracks = [...facts.tracks.video].sort((a, b) => b.bandwidth - a.bandwidth || (b.height ?? 0) - (a.height ?? 0));
  if (tracks.length < 2) return null;
  const chosen = tracks.find((track) => track.active);
  const options: SettingsOption[] = [
    { key: 'auto', label: t.t('settings.auto'), selected: !chosen, action: { type: 's72-quality-request', detail: null } },
    ...tracks.map((track) => ({
      key: `video:${track.id}`,
      label: qualityLabel(track, t),
      selected: track.active,
      action: { type: 's72-quality-request', detail: track.id } as const,
    })),
  ];
  return { submenu: 'quality', label: t.t('settings.quality'), value: chosen ? qualityLabel(chosen, t) : t.t('settings.auto'), groups: [{ options }] };
}

// issue 27 item 2
function chapters(facts: SettingsFacts, t: Translator): SettingsEntry | null {
  const list = facts.chapters ?? [];
  if (list.length === 0 || facts.canSeek === false) return null;
  const playing = chapterAt(list, facts.currentTime ?? 0);
  const duration = list[list.length - 1]!.endTime;
  const options = list.map((chapter, index) => ({
    key: `chapter:${index}`,
    label: chapterLabel(list, chapter, t),
    hint: formatTime(chapter.startTime, duration),
    selected: chapter === playing,
    action: { type: 's72-seek-request', detail: chapter.startTime } as const,
  }));
  return { submenu: 'chapters', label: t.t('settings.chapters'), value: playing ? chapterLabel(list, playing, t) : '', groups: [{ options }] };
}

/** The main view's entries that show for `facts`, in order; `[]`: the settings button is hidden. */
export function settingsEntries(facts: SettingsFacts, t: Translator): SettingsEntry[] {
  const audioEntry = audio(facts);
  return [
    subtitles(facts, t),
    subtitleSettings(facts, t),
    audioEntry ? { ...audioEntry, label: t.t('settings.audio') } : null,
    speed(facts, t),
    quality(facts, t),
    chapters(facts, t),
  ].filter((entry): entry is SettingsEntry => entry !== null);
}

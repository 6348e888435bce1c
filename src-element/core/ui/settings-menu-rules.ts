// player-and-client §4 "Menus", §5 "Menu rules"; issue 23
/**
 * Whether the settings menu has anything to offer, without building it: the settings button shows
 * from the first paint while the menu's code (`settings-menu-model.ts` and its view) is fetched on
 * demand. Must agree with `settingsEntries(...).length > 0` (a test checks it).
 */
import type { PlayerTracks } from '../player-store.js';

/**
 * True when at least one submenu shows: subtitles (a text track), audio (two tracks), speed, quality
 * (two tracks), chapters (one, seeking allowed).
 */
export function hasSettingsEntries(facts: { tracks: PlayerTracks; rateMenu: boolean; chapters?: readonly unknown[]; canSeek?: boolean }): boolean {
  const { text, audio, video } = facts.tracks;
  const chapters = (facts.chapters?.length ?? 0) > 0 && facts.canSeek !== false;
  return text.length > 0 || audio.length >= 2 || facts.rateMenu || video.length >= 2 || chapters;
}

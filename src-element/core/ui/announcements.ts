// issue 10 "one polite live region announces play/pause, seek targets, volume and track changes"; player-and-client §2, §9
/**
 * What the player's live region says: the difference between two
 * snapshots of the facts below, as short sentences in the player's language. Framework-free (core
 * layer); `<s72-announcer>` renders them, debouncing seeks and volume.
 *
 * Nothing is said before the media is loaded, and nothing about the state the media loads in.
 */
import { chapterAt, chapterLabel } from '../chapters.js';
import type { ChapterInfo } from '../engine/engine.js';
import type { Translator } from '../i18n/index.js';
import type { PlayerTracks } from '../player-store.js';
import { audioTrackLabel, qualityLabel, textTrackLabel } from './track-labels.js';

/** A position change larger than this that playback alone does not explain is a seek, seconds. */
export const SEEK_JUMP_S = 1.5;
/** Seek and volume announcements wait this long for the last of a burst, ms. */
export const ANNOUNCE_DEBOUNCE_MS = 500;

/** The store rows the announcements are made from. */
export interface AnnounceFacts {
  loaded: boolean;
  paused: boolean;
  ended: boolean;
  /** Seconds. */
  currentTime: number;
  /** 0..1. */
  volume: number;
  muted: boolean;
  tracks: PlayerTracks;
  /** An ad plays and its skip-ad button is ready (store row `ad`); absent: no ad. */
  adSkipReady?: boolean;
  /** The chapters (store row `chapters`): a seek says the title of the chapter it lands in. */
  chapters?: readonly ChapterInfo[];
}

/** One sentence; `seek` and `volume` are debounced (only the last of a burst is said). */
export interface Announcement {
  kind: 'playback' | 'seek' | 'volume' | 'track';
  text: string;
}

const activeText = (tracks: PlayerTracks) => tracks.text.find((track) => track.active);
const activeAudio = (tracks: PlayerTracks) => tracks.audio.find((track) => track.active);
const pinnedVideo = (tracks: PlayerTracks) => tracks.video.find((track) => track.active);

/** The sentences that tell a listener how `next` differs from `previous`. */
export function announcements(previous: AnnounceFacts, next: AnnounceFacts, i18n: Translator): Announcement[] {
  const said: Announcement[] = [];
  // Once when an ad becomes skippable, not at each second of its countdown (player-and-client §2).
  if (!previous.adSkipReady && next.adSkipReady) said.push({ kind: 'playback', text: i18n.t('ads.skip') });
  if (!previous.loaded || !next.loaded) return said;
  if (previous.paused !== next.paused && !next.ended) {
    said.push({ kind: 'playback', text: i18n.t(next.paused ? 'a11y.paused' : 'a11y.playing') });
  }
  const moved = next.currentTime - previous.currentTime;
  if (Number.isFinite(moved) && (moved < -0.25 || moved > SEEK_JUMP_S)) {
    const time = i18n.t('a11y.seekedTo', { time: i18n.spokenTime(Math.max(0, next.currentTime)) });
    // issue 27 item 2: and the chapter it lands in.
    const chapter = chapterAt(next.chapters ?? [], next.currentTime);
    const text = chapter ? i18n.t('player.timeInChapter', { time, chapter: chapterLabel(next.chapters!, chapter, i18n) }) : time;
    said.push({ kind: 'seek', text });
  }
  if (previous.muted !== next.muted) {
    said.push({ kind: 'volume', text: i18n.t(next.muted ? 'a11y.muted' : 'a11y.unmuted') });
  } else if (Math.round(previous.volume * 100) !== Math.round(next.volume * 100)) {
    said.push({ kind: 'volume', text: i18n.t('a11y.volume', { percent: Math.round(next.volume * 100) }) });
  }
  // Track changes: only once the tracks are known on both sides (not the load itself).
  const known = (tracks: PlayerTracks) => tracks.audio.length + tracks.text.length + tracks.video.length > 0;
  if (known(previous.tracks) && known(next.tracks)) {
    const [textBefore, textNow] = [activeText(previous.tracks), activeText(next.tracks)];
    if (textBefore?.id !== textNow?.id) {
      said.push({ kind: 'track', text: textNow ? i18n.t('subtitles.on', { label: textTrackLabel(textNow, i18n) }) : i18n.t('subtitles.off') });
    }
    const [audioBefore, audioNow] = [activeAudio(previous.tracks), activeAudio(next.tracks)];
    if (audioNow && audioBefore && audioBefore.id !== audioNow.id) {
      said.push({ kind: 'track', text: i18n.t('a11y.audio', { label: audioTrackLabel(audioNow) }) });
    }
    const [videoBefore, videoNow] = [pinnedVideo(previous.tracks), pinnedVideo(next.tracks)];
    if (videoBefore?.id !== videoNow?.id) {
      said.push({ kind: 'track', text: i18n.t('a11y.quality', { label: videoNow ? qualityLabel(videoNow, i18n) : i18n.t('settings.auto') }) });
    }
  }
  return said;
}

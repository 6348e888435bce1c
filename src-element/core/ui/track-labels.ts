// player-and-client §3 "Tracks", §4 "Menus"
/**
 * The names of tracks as the viewer reads them, shared by the settings menu (loaded on demand) and
 * the announcements (always there). Framework-free (core layer).
 */
import type { Translator } from '../i18n/index.js';
import type { AudioTrackInfo, TextTrackInfo, VideoTrackInfo } from '../engine/engine.js';

/** A text track's name: its label, else its language, else "Subtitles". */
export function textTrackLabel(track: TextTrackInfo, t: Translator): string {
  const name = track.label || track.language || t.t('settings.subtitles');
  return track.kind === 'caption' || track.kind === 'captions' ? t.t('settings.captionsTrack', { name }) : name;
}

/** An audio track's name: label, language (when the label does not already say it) and roles. */
export function audioTrackLabel(track: AudioTrackInfo): string {
  const parts = [track.label || track.language || '?'];
  if (track.language && track.label && track.label !== track.language) parts.push(track.language);
  const roles = track.roles.filter((role) => role && role !== 'main');
  if (roles.length > 0) parts.push(roles.join(', '));
  return parts.join(' · ');
}

/** A video track's name: "1080p · 4.5 Mbps" (the label when the height is unknown). */
export function qualityLabel(track: VideoTrackInfo, t: Translator): string {
  const mbps = (track.bandwidth / 1e6).toFixed(track.bandwidth >= 10e6 ? 0 : 1);
  return t.t('settings.qualityTrack', { name: track.height ? `${track.height}p` : track.label, mbps });
}

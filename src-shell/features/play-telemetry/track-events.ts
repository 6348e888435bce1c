/**
 * Which play telemetry events a change of the player's tracks means (play-page §7:
 * `subtitles-on`, `subtitles-off`, `audio-track-changed`). Pure.
 */
import type { S72Tracks } from 's72-player';

export interface TrackTelemetryEvent {
  event: 'subtitles-on' | 'subtitles-off' | 'audio-track-changed';
  data: { language: string; label?: string };
}

const activeOf = <T extends { active: boolean }>(tracks: readonly T[]): T | undefined => tracks.find((track) => track.active);

/**
 * Compares two snapshots of `s72-tracks-change`. The first snapshot of a load (`previous` null)
 * reports nothing: it is the starting state, not the viewer's choice.
 * - no subtitles → subtitles: `subtitles-on` {language}; another subtitle language: `subtitles-on`;
 * - subtitles → none: `subtitles-off` {language of the ones turned off};
 * - another active audio language: `audio-track-changed` {language}.
 */
export function trackTelemetryEvents(previous: S72Tracks | null, next: S72Tracks): TrackTelemetryEvent[] {
  if (!previous) return [];
  const events: TrackTelemetryEvent[] = [];
  const textBefore = activeOf(previous.text);
  const textAfter = activeOf(next.text);
  if (textAfter && textAfter.id !== textBefore?.id) {
    events.push({ event: 'subtitles-on', data: { language: textAfter.language, label: textAfter.label } });
  } else if (!textAfter && textBefore) {
    events.push({ event: 'subtitles-off', data: { language: textBefore.language } });
  }
  const audioBefore = activeOf(previous.audio);
  const audioAfter = activeOf(next.audio);
  if (audioAfter && audioBefore && audioAfter.id !== audioBefore.id) {
    events.push({ event: 'audio-track-changed', data: { language: audioAfter.language, label: audioAfter.label } });
  }
  return events;
}

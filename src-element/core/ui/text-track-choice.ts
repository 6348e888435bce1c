// player-and-client §3 "Tracks"; play-page §3 `lastSelectedTextLanguage`
/**
 * The viewer's subtitle choice ("User preferences", `lastSelectedTextType`): a text track's language and kind, with
 * `off: true` when the viewer then turned subtitles off (the captions toggle brings that language
 * back), or `'off'` when subtitles were turned off before any language was chosen. Remembered with the subtitle preferences (under
 * `PREFERENCES_STORAGE_KEY`) and applied to the next source, so "subtitles off" stays off.
 * Framework-free (core layer); pure.
 */

/** A remembered text track: its language and kind (`subtitles`, `captions`, …), and whether subtitles are off; or just off. */
export type TextTrackChoice = { readonly language: string; readonly kind: string; readonly off?: boolean } | 'off';

/** Whether the choice is "subtitles off". */
export function isOff(choice: TextTrackChoice | null): boolean {
  return choice === 'off' || choice?.off === true;
}

/** The slice of a text track these helpers read (`TextTrackInfo`). */
export interface ChoosableTextTrack {
  readonly id: string;
  readonly language: string;
  readonly kind: string;
  readonly active: boolean;
}

/** Keeps a valid choice from an untrusted value (localStorage); anything else is null, never thrown. */
export function validTextTrackChoice(value: unknown): TextTrackChoice | null {
  if (value === 'off') return 'off';
  if (typeof value !== 'object' || value === null) return null;
  const { language, kind, off } = value as Record<string, unknown>;
  if (typeof language !== 'string' || language.trim() === '' || language.length > 35) return null;
  return { language: language.trim(), kind: typeof kind === 'string' && kind.length <= 35 ? kind : '', ...(off === true ? { off: true } : {}) };
}

/**
 * The choice a track stands for; `null`: subtitles off, keeping the language of `showing` (the track
 * shown until now) or of the `previous` choice, so the captions toggle can bring it back.
 */
export function choiceOf(
  track: Pick<ChoosableTextTrack, 'language' | 'kind'> | null | undefined,
  showing?: Pick<ChoosableTextTrack, 'language' | 'kind'> | null,
  previous?: TextTrackChoice | null,
): TextTrackChoice {
  if (track) return { language: track.language, kind: track.kind };
  const last = showing ? { language: showing.language, kind: showing.kind } : previous && previous !== 'off' ? previous : null;
  return last ? { language: last.language, kind: last.kind, off: true } : 'off';
}

/**
 * The track of `tracks` with a remembered choice's language: same language and kind, else the same
 * language (also for a choice that is off); null for `'off'` or when no track has the language.
 */
export function findTextTrack<T extends ChoosableTextTrack>(tracks: readonly T[], choice: TextTrackChoice | null): T | null {
  if (!choice || choice === 'off') return null;
  const language = choice.language.toLowerCase();
  const sameLanguage = tracks.filter((track) => track.language.toLowerCase() === language);
  return sameLanguage.find((track) => track.kind === choice.kind) ?? sameLanguage[0] ?? null;
}

// player-and-client §9
/**
 * What the captions toggle (the `C` key) selects: subtitles off when a track
 * shows; otherwise the remembered track, else the first track. Null: off (or no text track at all).
 */
export function captionsToggleTarget(tracks: readonly ChoosableTextTrack[], choice: TextTrackChoice | null): string | null {
  if (tracks.some((track) => track.active)) return null;
  return (findTextTrack(tracks, choice) ?? tracks[0])?.id ?? null;
}

// player-and-client §9 "RTL subtitle languages include ar, he, fa, ur"
/** Right-to-left subtitle languages. */
export const RTL_SUBTITLE_LANGUAGES: readonly string[] = Object.freeze(['ar', 'he', 'fa', 'ur']);

/** Whether a BCP 47 language (`ar`, `ar-EG`, `he`) is written right to left, for subtitles. */
export function isRtlLanguage(language: string | null | undefined): boolean {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return RTL_SUBTITLE_LANGUAGES.includes(primary);
}

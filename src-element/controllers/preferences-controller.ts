// player-and-client §3 "User preferences"; §3 "Tracks"
/**
 * The viewer's subtitle preferences and subtitle choice, remembered in localStorage
 * (subtitleTextColor, subtitleBackground, subtitleTextSize
 * "saved in local storage under a player preferences key").
 *
 * - On `hostConnected` it reads `PREFERENCES_STORAGE_KEY` and writes the store's
 *   `subtitlePreferences` (valid fields only, the defaults for the rest) and `textTrackChoice`.
 *   Corrupt JSON, a value of the wrong shape or a storage that throws (private mode, blocked
 *   cookies) gives the defaults; it never throws.
 * - When the store's preferences change (`s72-preferences-request`, handled by the request map) it
 *   saves them, keeping every other field stored under the key, and fires `s72-preferences-change`.
 * - It remembers what the viewer picks in the subtitles menu (`s72-text-track-request`) or with the
 *   captions toggle (`s72-captions-toggle-request`, the `C` key): the track's language and kind, and
 *   whether subtitles are off (`core/ui/text-track-choice.ts`), and applies it to every source once loaded (`s72-loaded`), so subtitles turned off stay
 *   off and a chosen language comes back. The viewer's choice wins over the configuration's
 *   `preferredTextLanguage`.
 */
import type { ReactiveController } from 'lit';
import type { PlayerState } from '../core/player-store.js';
import { captionsToggleTarget, choiceOf, findTextTrack, isOff, validTextTrackChoice, type TextTrackChoice } from '../core/ui/text-track-choice.js';
import {
  DEFAULT_SUBTITLE_PREFERENCES,
  PREFERENCES_STORAGE_KEY,
  SUBTITLE_PREFERENCE_VALUES,
  validSubtitlePreferences,
  type SubtitlePreferences,
} from '../core/ui/ui-state.js';
import { PLAYER_EVENTS, REQUEST_EVENTS, fireEvent } from '../events.js';
import type { PlayerHost } from './player-host.js';

/** What is stored under `PREFERENCES_STORAGE_KEY`: the preferences, the text choice, and whatever else was there. */
export interface StoredPlayerPreferences extends Partial<SubtitlePreferences> {
  /** The viewer's last subtitle choice. */
  textTrack?: TextTrackChoice;
  [other: string]: unknown;
}

/** Where the preferences are kept; `localStorage` unless a test or a page gives another. */
export type StorageSource = () => Pick<Storage, 'getItem' | 'setItem'> | null;

const defaultStorage: StorageSource = () => globalThis.localStorage ?? null;

/** Reads the stored object; `{}` for nothing, corrupt JSON, a non-object or a storage that throws. */
export function readStoredPlayerPreferences(storage: StorageSource = defaultStorage): StoredPlayerPreferences {
  try {
    const raw = storage()?.getItem(PREFERENCES_STORAGE_KEY);
    if (!raw) return {};
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as StoredPlayerPreferences) : {};
  } catch {
    return {};
  }
}

/** Merges `changes` into the stored object (other fields kept). False when the storage refused (it never throws). */
export function writeStoredPlayerPreferences(changes: StoredPlayerPreferences, storage: StorageSource = defaultStorage): boolean {
  try {
    const target = storage();
    if (!target) return false;
    target.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ ...readStoredPlayerPreferences(storage), ...changes }));
    return true;
  } catch {
    return false;
  }
}

const samePreferences = (a: SubtitlePreferences, b: SubtitlePreferences): boolean =>
  (Object.keys(SUBTITLE_PREFERENCE_VALUES) as (keyof SubtitlePreferences)[]).every((key) => a[key] === b[key]);

export class PreferencesController implements ReactiveController {
  private unsubscribe: (() => void) | null = null;
  /** The preferences last loaded or saved. */
  private saved: SubtitlePreferences = DEFAULT_SUBTITLE_PREFERENCES;

  constructor(
    private readonly host: PlayerHost,
    private readonly storage: StorageSource = defaultStorage,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    const stored = readStoredPlayerPreferences(this.storage);
    this.saved = Object.freeze({ ...DEFAULT_SUBTITLE_PREFERENCES, ...validSubtitlePreferences(stored) });
    this.host.store.setUi({ subtitlePreferences: this.saved, textTrackChoice: validTextTrackChoice(stored.textTrack) });
    // Capture: at the player the choice is read before the request map acts on the request.
    this.host.addEventListener(REQUEST_EVENTS.textTrack, this.onTextTrackRequest, { capture: true });
    this.host.addEventListener(REQUEST_EVENTS.captionsToggle, this.onCaptionsToggle, { capture: true });
    this.host.addEventListener(PLAYER_EVENTS.loaded, this.onLoaded);
    this.unsubscribe = this.host.store.subscribe((state) => this.preferencesChanged(state));
  }

  hostDisconnected(): void {
    this.host.removeEventListener(REQUEST_EVENTS.textTrack, this.onTextTrackRequest, { capture: true });
    this.host.removeEventListener(REQUEST_EVENTS.captionsToggle, this.onCaptionsToggle, { capture: true });
    this.host.removeEventListener(PLAYER_EVENTS.loaded, this.onLoaded);
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private preferencesChanged(state: PlayerState): void {
    const preferences = state.subtitlePreferences;
    if (preferences === this.saved || samePreferences(preferences, this.saved)) return;
    this.saved = preferences;
    writeStoredPlayerPreferences({ ...preferences }, this.storage);
    fireEvent(this.host, 's72-preferences-change', preferences);
  }

  private remember(choice: TextTrackChoice): void {
    this.host.store.setUi({ textTrackChoice: choice });
    writeStoredPlayerPreferences({ textTrack: choice }, this.storage);
  }

  private readonly onTextTrackRequest = (event: Event): void => {
    const id = (event as CustomEvent<unknown>).detail;
    const { tracks, textTrackChoice } = this.host.store.getState();
    const showing = tracks.text.find((track) => track.active);
    if (id === null) return this.remember(choiceOf(null, showing, textTrackChoice));
    const track = tracks.text.find((candidate) => candidate.id === id);
    if (track) this.remember(choiceOf(track));
  };

  private readonly onCaptionsToggle = (): void => {
    const state = this.host.store.getState();
    const tracks = state.tracks.text;
    if (tracks.length === 0) return;
    const target = captionsToggleTarget(tracks, state.textTrackChoice);
    this.remember(choiceOf(tracks.find((track) => track.id === target), tracks.find((track) => track.active), state.textTrackChoice));
  };

  /** Applies the remembered choice to the source just loaded. */
  private readonly onLoaded = (): void => {
    const engine = this.host.store.owners.engine;
    const choice = this.host.store.getState().textTrackChoice;
    if (!engine || !choice) return;
    const tracks = engine.textTracks();
    if (isOff(choice)) {
      if (tracks.some((track) => track.active)) engine.selectTextTrack(null);
      return;
    }
    const track = findTextTrack(tracks, choice);
    if (track && !track.active) engine.selectTextTrack(track.id);
  };
}

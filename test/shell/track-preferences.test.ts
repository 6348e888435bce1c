/**
 * Track choices remembered (play-page §3 "Play session": lastSelectedAudioLanguage,
 * lastSelectedAudioRoles, lastSelectedTextLanguage, lastSelectedTextType): written on every track
 * change, applied as the player's preferred languages on the next play, the streams answer's
 * `default_subtitle_language` used when the viewer has no choice yet.
 */
import { expect } from '@open-wc/testing';
import type { S72Tracks } from 's72-player';
import { buildPlayerConfig } from '../../src-shell/features/play-flow/build-content.js';
import {
  PLAY_SESSION_KEY,
  TEXT_OFF,
  preferencesFromTracks,
  readStoredPreferences,
  storePreferences,
} from '../../src-shell/features/play-session/play-session.js';
import { createJsonStorage, memoryStorage } from '../../src-shell/lib/storage.js';
import { createPlayFlow } from '../../src-shell/features/play-flow/play-flow.js';
import { ENV } from './fixtures.js';

const SWITCHES = { seekingEnabled: true, playbackRatesEnabled: false };

const tracks = (audio: { language: string; roles: string[] } | null, text: { language: string; kind: string } | null): S72Tracks => ({
  audio: [
    { id: 'a-en', language: 'en', label: 'English', roles: ['main'], active: audio?.language === 'en' },
    ...(audio && audio.language !== 'en' ? [{ id: 'a-x', language: audio.language, label: audio.language, roles: audio.roles, active: true }] : []),
  ],
  text: [
    { id: 't-en', kind: 'subtitles', language: 'en', label: 'English', active: false },
    ...(text ? [{ id: 't-x', kind: text.kind, language: text.language, label: text.language, active: true }] : []),
  ],
  video: [],
});

describe('track choices remembered (play-page §3)', () => {
  it('the active tracks become the four preferences', () => {
    expect(preferencesFromTracks(tracks({ language: 'ar', roles: ['dub'] }, { language: 'fr', kind: 'captions' }))).to.deep.equal({
      lastSelectedAudioLanguage: 'ar',
      lastSelectedAudioRoles: ['dub'],
      lastSelectedTextLanguage: 'fr',
      lastSelectedTextType: 'captions',
    });
    // No active track of a kind (no tracks loaded yet): nothing is said about it.
    const none: S72Tracks = { audio: [], text: [], video: [] };
    expect(preferencesFromTracks(none)).to.deep.equal({});
  });

  it('subtitles turned off (an active text track before, none now) is recorded as "off"; a load that starts without them records nothing', () => {
    const on = tracks({ language: 'en', roles: ['main'] }, { language: 'fr', kind: 'subtitles' });
    const off = tracks({ language: 'en', roles: ['main'] }, null);
    expect(preferencesFromTracks(off, on)).to.deep.include({ lastSelectedTextLanguage: TEXT_OFF });
    expect(TEXT_OFF).to.equal('off');
    expect(preferencesFromTracks(off)).not.to.have.property('lastSelectedTextLanguage');
    expect(preferencesFromTracks(off, off)).not.to.have.property('lastSelectedTextLanguage');
    // The next load asks for no text language, not even the streams answer's default.
    const config = buildPlayerConfig('https://store.example', { ...SWITCHES, lastSelectedTextLanguage: TEXT_OFF }, 'en');
    expect(config).not.to.have.property('preferredTextLanguage');
  });

  it('are written to localStorage.playSession (never a token) and read back', () => {
    const storage = createJsonStorage(memoryStorage());
    storePreferences(storage, preferencesFromTracks(tracks({ language: 'ar', roles: ['main'] }, { language: 'ar', kind: 'subtitles' })));
    expect(readStoredPreferences(storage)).to.deep.include({ lastSelectedAudioLanguage: 'ar', lastSelectedTextLanguage: 'ar', lastSelectedTextType: 'subtitles' });
    expect(Object.keys(storage.read(PLAY_SESSION_KEY) as object)).to.not.include('authToken');
  });

  it('are applied as the player’s preferred languages', () => {
    const config = buildPlayerConfig('https://store.example', { ...SWITCHES, lastSelectedAudioLanguage: 'ar', lastSelectedTextLanguage: 'fr' }, 'en');
    expect(config).to.include({ preferredAudioLanguage: 'ar', preferredTextLanguage: 'fr' });
  });

  it('the remembered audio role is applied with the language (two tracks of one language)', () => {
    const config = buildPlayerConfig('https://store.example', { ...SWITCHES, lastSelectedAudioLanguage: 'fr', lastSelectedAudioRoles: ['dub'] }, null);
    expect(config).to.include({ preferredAudioLanguage: 'fr', preferredAudioRole: 'dub' });
    expect(buildPlayerConfig('https://store.example', { ...SWITCHES, lastSelectedAudioRoles: [] }, null)).to.not.have.property('preferredAudioRole');
  });

  it('without a choice yet, the streams answer’s default_subtitle_language is the preferred text language', () => {
    expect(buildPlayerConfig('https://store.example', SWITCHES, 'es')).to.include({ preferredTextLanguage: 'es' });
    const none = buildPlayerConfig('https://store.example', SWITCHES, null);
    expect(none).to.not.have.property('preferredTextLanguage');
    expect(none).to.not.have.property('preferredAudioLanguage');
  });

  it('the play flow writes them on every track change', () => {
    const written: unknown[] = [];
    const unused = (): never => {
      throw new Error('not called');
    };
    const flow = createPlayFlow({
      env: ENV,
      createClient: unused,
      createApi: unused,
      detectCapabilities: unused,
      navigate: unused,
      currentUrl: () => '',
      signOut: unused,
      storePreferences: (prefs) => written.push(prefs),
    });
    flow.tracksChanged(tracks({ language: 'ar', roles: ['main'] }, null));
    flow.tracksChanged(tracks({ language: 'ar', roles: ['main'] }, { language: 'fr', kind: 'subtitles' }));
    expect(written).to.deep.equal([
      { lastSelectedAudioLanguage: 'ar', lastSelectedAudioRoles: ['main'] },
      { lastSelectedAudioLanguage: 'ar', lastSelectedAudioRoles: ['main'], lastSelectedTextLanguage: 'fr', lastSelectedTextType: 'subtitles' },
    ]);
    flow.destroy();
  });
});

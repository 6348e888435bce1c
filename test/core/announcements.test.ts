/** The live region's sentences (core/ui/announcements.ts; issue 10 "one polite live region"). */
import { expect } from '@open-wc/testing';
import { createTranslator, loadStringTable } from '../../src-element/core/i18n/index.js';
import type { PlayerTracks } from '../../src-element/core/player-store.js';
import { announcements, type AnnounceFacts } from '../../src-element/core/ui/announcements.js';

const en = createTranslator('en');
const NO_TRACKS: PlayerTracks = { audio: [], text: [], video: [] };
const TRACKS: PlayerTracks = {
  audio: [
    { id: 'a1', language: 'en', label: 'English', roles: ['main'], active: true },
    { id: 'a2', language: 'fr', label: 'Français', roles: ['dub'], active: false },
  ],
  text: [{ id: 't1', kind: 'subtitle', language: 'ar', label: 'Arabic', active: false }],
  video: [{ id: 'v1', label: '720p', width: 1280, height: 720, bandwidth: 2_400_000, active: false }],
};
const base: AnnounceFacts = { loaded: true, paused: true, ended: false, currentTime: 10, volume: 0.5, muted: false, tracks: TRACKS };
const say = (change: Partial<AnnounceFacts>, from: Partial<AnnounceFacts> = {}) =>
  announcements({ ...base, ...from }, { ...base, ...from, ...change }, en).map((a) => `${a.kind}: ${a.text}`);

describe('announcements', () => {
  // The Arabic table is fetched on demand (the player's CDN build never downloads it for English).
  before(() => loadStringTable('ar'));

  it('says nothing before the media loads, or for the load itself', () => {
    expect(announcements({ ...base, loaded: false }, { ...base, paused: false }, en)).to.deep.equal([]);
    expect(say({ tracks: TRACKS }, { tracks: NO_TRACKS })).to.deep.equal([]);
  });
  it('an ad becoming skippable, once (not each second of its countdown), loaded or not', () => {
    expect(say({ adSkipReady: true })).to.deep.equal(['playback: Skip ad']);
    expect(say({ adSkipReady: true }, { adSkipReady: true })).to.deep.equal([]);
    expect(say({ adSkipReady: false }, { adSkipReady: true })).to.deep.equal([]);
    expect(announcements({ ...base, loaded: false }, { ...base, loaded: false, adSkipReady: true }, en).map((a) => a.text)).to.deep.equal(['Skip ad']);
  });
  it('play and pause (not the pause at the end)', () => {
    expect(say({ paused: false })).to.deep.equal(['playback: Playing']);
    expect(say({ paused: true }, { paused: false })).to.deep.equal(['playback: Paused']);
    expect(say({ paused: true, ended: true }, { paused: false })).to.deep.equal([]);
  });
  it('a seek, forwards or back, with the target spoken; playback moving on is not a seek', () => {
    expect(say({ currentTime: 75 })).to.deep.equal(['seek: Position 1 minute 15 seconds']);
    expect(say({ currentTime: 0 })).to.deep.equal(['seek: Position 0 seconds']);
    expect(say({ currentTime: 10.3 })).to.deep.equal([]);
  });
  it('volume in percent, mute and unmute', () => {
    expect(say({ volume: 0.6 })).to.deep.equal(['volume: Volume 60%']);
    expect(say({ muted: true })).to.deep.equal(['volume: Muted']);
    expect(say({ muted: false }, { muted: true })).to.deep.equal(['volume: Sound on']);
  });
  it('subtitles on and off, another audio track, a pinned quality and back to Auto', () => {
    const on: PlayerTracks = { ...TRACKS, text: [{ ...TRACKS.text[0]!, active: true }] };
    expect(say({ tracks: on })).to.deep.equal(['track: Subtitles: Arabic']);
    expect(say({ tracks: TRACKS }, { tracks: on })).to.deep.equal(['track: Subtitles off']);
    const french: PlayerTracks = { ...TRACKS, audio: TRACKS.audio.map((a) => ({ ...a, active: a.id === 'a2' })) };
    expect(say({ tracks: french })).to.deep.equal(['track: Audio: Français · fr · dub']);
    const pinned: PlayerTracks = { ...TRACKS, video: [{ ...TRACKS.video[0]!, active: true }] };
    expect(say({ tracks: pinned })).to.deep.equal(['track: Quality: 720p · 2.4 Mbps']);
    expect(say({ tracks: TRACKS }, { tracks: pinned })).to.deep.equal(['track: Quality: Auto']);
  });
  it('speaks Arabic', () => {
    const ar = createTranslator('ar');
    expect(announcements(base, { ...base, paused: false }, ar)[0]!.text).to.equal('قيد التشغيل');
  });
});

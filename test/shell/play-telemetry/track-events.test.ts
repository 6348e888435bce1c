import { expect } from '@open-wc/testing';
import { trackTelemetryEvents } from '../../../src-shell/features/play-telemetry/track-events.js';
import type { S72Tracks } from 's72-player';

const tracks = (text: string | null, audio: string): S72Tracks => ({
  text: ['en', 'ar'].map((language) => ({ id: `t-${language}`, kind: 'subtitles', language, label: language, active: language === text })),
  audio: ['en', 'fr'].map((language) => ({ id: `a-${language}`, language, label: language, roles: [], active: language === audio })),
  video: [],
});

describe('trackTelemetryEvents (play-page §7 subtitles-on/off, audio-track-changed)', () => {
  it('reports nothing for the first snapshot of a load', () => {
    expect(trackTelemetryEvents(null, tracks('en', 'en'))).to.deep.equal([]);
  });
  it('reports nothing when nothing changed', () => {
    expect(trackTelemetryEvents(tracks('en', 'en'), tracks('en', 'en'))).to.deep.equal([]);
  });
  it('subtitles turned on → subtitles-on with the language', () => {
    expect(trackTelemetryEvents(tracks(null, 'en'), tracks('ar', 'en'))).to.deep.equal([
      { event: 'subtitles-on', data: { language: 'ar', label: 'ar' } },
    ]);
  });
  it('another subtitle language → subtitles-on', () => {
    expect(trackTelemetryEvents(tracks('en', 'en'), tracks('ar', 'en')).map((e) => e.event)).to.deep.equal(['subtitles-on']);
  });
  it('subtitles turned off → subtitles-off with the language turned off', () => {
    expect(trackTelemetryEvents(tracks('ar', 'en'), tracks(null, 'en'))).to.deep.equal([
      { event: 'subtitles-off', data: { language: 'ar' } },
    ]);
  });
  it('another audio language → audio-track-changed', () => {
    expect(trackTelemetryEvents(tracks(null, 'en'), tracks(null, 'fr'))).to.deep.equal([
      { event: 'audio-track-changed', data: { language: 'fr', label: 'fr' } },
    ]);
  });
  it('both at once → both events', () => {
    expect(trackTelemetryEvents(tracks(null, 'en'), tracks('en', 'fr')).map((e) => e.event)).to.deep.equal([
      'subtitles-on',
      'audio-track-changed',
    ]);
  });
});

/**
 * `s72-player/react`: `<S72Player>` for React 19 apps, with typed props and typed events
 * (DESIGN.md "Who uses it, and how" 3). Safe to import during server-side rendering: nothing here
 * touches `window` at import time (Lit's Node build brings its own DOM shim for the element class).
 *
 * Events map to props: `onS72Error` (`CustomEvent<S72Error>`), `onS72Loaded`, `onS72BufferingChange`,
 * `onS72AutoplayMuted`, `onS72TracksChange`, and the media events `onPlay`, `onPause`, `onPlaying`, `onWaiting`,
 * `onSeeking`, `onSeeked`, `onTimeUpdate`, `onEnded`, `onVolumeChange`, `onRateChange`,
 * `onLoadedMetadata`, `onDurationChange`.
 */
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { S72Player as S72PlayerElement } from '../s72-player.js';
import type { S72PlayerEventMap } from '../events.js';

export type { S72Content, S72PlayerConfig, DrmType, S72Asset } from '../core/types.js';
export { S72Error, isS72Error, type S72ErrorCode } from '../core/errors.js';
export { S72PlayerElement };

const event = <K extends keyof S72PlayerEventMap>(name: K) => name as EventName<S72PlayerEventMap[K]>;

/** The React component for `<s72-player>`; a `ref` gives the element (`currentTime`, `play()`, …). */
export const S72Player = createComponent({
  react: React,
  tagName: 's72-player',
  elementClass: S72PlayerElement,
  displayName: 'S72Player',
  events: {
    onS72Error: event('s72-error'),
    onS72Loaded: event('s72-loaded'),
    onS72BufferingChange: event('s72-buffering-change'),
    onS72AutoplayMuted: event('s72-autoplay-muted'),
    onS72TracksChange: event('s72-tracks-change'),
    onPlay: event('play'),
    onPause: event('pause'),
    onPlaying: event('playing'),
    onWaiting: event('waiting'),
    onSeeking: event('seeking'),
    onSeeked: event('seeked'),
    onTimeUpdate: event('timeupdate'),
    onEnded: event('ended'),
    onVolumeChange: event('volumechange'),
    onRateChange: event('ratechange'),
    onLoadedMetadata: event('loadedmetadata'),
    onDurationChange: event('durationchange'),
  },
});

export type S72PlayerProps = React.ComponentProps<typeof S72Player>;

/**
 * `s72-player/react`: `<S72Player>` for React 19 apps, with typed props and typed events
 * (DESIGN.md "Who uses it, and how" 3). Safe to import during server-side rendering: nothing here
 * touches `window` at import time (Lit's Node build brings its own DOM shim for the element class).
 * Needs `react` and `react-dom` 19 (optional peer dependencies of the package).
 *
 * Every event of the player has a prop, derived from the one event map (`EVENT_PROPS` in
 * `events.ts`): `onS72Error` (`CustomEvent<S72Error>`), `onS72Loaded`, `onS72BufferingChange`,
 * `onS72AutoplayMuted`, `onS72TracksChange`, and the media events `onLoadStart`, `onLoadedMetadata`,
 * `onLoadedData`, `onDurationChange`, `onCanPlay`, `onPlay`, `onPause`, `onPlaying`, `onWaiting`,
 * `onSeeking`, `onSeeked`, `onTimeUpdate`, `onEnded`, `onVolumeChange`, `onRateChange`, `onProgress`
 * (`event.target` is the player: `event.target.currentTime`, no casts).
 */
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { EVENT_PROPS, type S72PlayerEventMap } from '../events.js';
import { S72Player as S72PlayerElement } from '../s72-player.js';

export type { S72Content, S72PlayerConfig, DrmType, S72Asset } from '../core/types.js';
export { S72Error, isS72Error, type S72ErrorCode } from '../core/errors.js';
export type { S72MediaEvent, S72PlayerEventMap, S72Tracks } from '../events.js';
export { S72PlayerElement };

type EventProps = typeof EVENT_PROPS;
/** React prop → typed DOM event name, for every entry of `EVENT_PROPS`. */
type S72PlayerEvents = {
  [K in keyof EventProps as EventProps[K]]: EventName<S72PlayerEventMap[K]>;
};

const events = Object.fromEntries(Object.entries(EVENT_PROPS).map(([type, prop]) => [prop, type])) as S72PlayerEvents;

/** The React component for `<s72-player>`; a `ref` gives the element (`currentTime`, `play()`, …). */
export const S72Player = createComponent({
  react: React,
  tagName: 's72-player',
  elementClass: S72PlayerElement,
  displayName: 'S72Player',
  events,
});

export type S72PlayerProps = React.ComponentProps<typeof S72Player>;

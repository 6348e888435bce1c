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
 * `onSeeking`, `onSeeked`, `onTimeUpdate`, `onEnded`, `onVolumeChange`, `onRateChange`, `onProgress`,
 * `onCanPlayThrough`, `onStalled`, `onSuspend`, `onEmptied`, `onAbort`, and `onError` (playback failed for
 * good: a critical error; `event.target.lastError` is the `S72Error`)
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

/**
 * The element's properties a page sets, each a prop of the same name (`content`, `config`,
 * `licenseUrl`, …). Read-only state (`paused`, `duration`, `tracks`, …) and methods (`play()`,
 * `selectTextTrack()`, …) are not props: read and call them on the element through `ref`.
 */
export const S72_PLAYER_PROPS = [
  'src',
  'content',
  'config',
  'licenseUrl',
  'keySystem',
  'authToken',
  'poster',
  'startTime',
  'autoplay',
  'muted',
  'refreshPlayToken',
  'suggestions',
  'castSdkLoader',
  'mediaInformation',
  'volume',
  'playbackRate',
] as const satisfies readonly (keyof S72PlayerElement)[];

/** The element properties as props (all optional). */
export type S72PlayerElementProps = Partial<Pick<S72PlayerElement, (typeof S72_PLAYER_PROPS)[number]>>;

/** One handler prop per player event: `onTimeUpdate`, `onS72Error`, … (`event.target` is the player). */
export type S72PlayerEventProps = {
  [K in keyof EventProps as EventProps[K]]?: (event: S72PlayerEventMap[K]) => void;
};

/**
 * React's DOM handler props for media events the player does not fire on itself (the `<video>` is
 * inside its shadow root): left out so that a prop that would never be called does not type-check.
 */
type UnfiredMediaHandlers = {
  [K in keyof React.DOMAttributes<HTMLElement>]-?: K extends `on${'Encrypted' | 'Resize' | 'WaitingForKey' | 'Load'}${'' | 'Capture'}` ? K : never;
}[keyof React.DOMAttributes<HTMLElement>];
type ReactMediaHandlers = {
  [K in keyof React.DOMAttributes<HTMLElement>]-?: K extends `on${string}Capture` ? never : K extends keyof S72PlayerEventProps ? K : never;
}[keyof React.DOMAttributes<HTMLElement>];

/**
 * Props of `<S72Player>`: the element's settable properties, one handler per player event, and the
 * usual HTML attributes of a host element (`id`, `className`, `style`, `slot`, `hidden`, `children`,
 * bubbling DOM events such as `onClick`), plus `ref` to the element.
 */
export type S72PlayerProps = S72PlayerElementProps &
  S72PlayerEventProps &
  Omit<React.HTMLAttributes<S72PlayerElement>, keyof S72PlayerElementProps | ReactMediaHandlers | `${ReactMediaHandlers}Capture` | UnfiredMediaHandlers> & {
    ref?: React.Ref<S72PlayerElement>;
  };

/** The React component for `<s72-player>`; a `ref` gives the element (`currentTime`, `play()`, …). */
export const S72Player: React.FC<S72PlayerProps> = createComponent({
  react: React,
  tagName: 's72-player',
  elementClass: S72PlayerElement,
  displayName: 'S72Player',
  events,
}) as unknown as React.FC<S72PlayerProps>;

/**
 * Attributes of `<s72-player>` written as a plain tag in JSX (`<s72-player src="…" license-url="…">`);
 * for object properties (`content`, `config` as an object) and typed event props use `<S72Player>`.
 */
export interface S72PlayerJsxAttributes extends React.HTMLAttributes<S72PlayerElement> {
  ref?: React.Ref<S72PlayerElement>;
  src?: string;
  'license-url'?: string;
  'key-system'?: NonNullable<S72PlayerElement['keySystem']>;
  'auth-token'?: string;
  poster?: string;
  'start-time'?: number | string;
  autoplay?: boolean;
  muted?: boolean;
  /** The player configuration as a JSON string. */
  config?: string;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      's72-player': S72PlayerJsxAttributes;
    }
  }
}

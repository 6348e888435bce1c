/**
 * Entry of the hosted play page (`/play/`, play-page §2). Framework-free and small, so that the
 * play flow's first calls (play-page §4 step 1: item, availability, configuration) go out as soon
 * as this module runs (issue 23): it reads the session from the address (and removes the tokens
 * from it), starts the flow and the autoplay check, and only then loads the React app and the
 * player's code with `import()`, both fetched in parallel (the page's HTML also preloads them,
 * vite.config.ts) and evaluated while the first calls are in flight.
 */
import { createAppServices } from './app/services.js';
import { isDeviceSupportPath } from './features/play-session/session-source.js';
import { preloadPlayback } from './features/play-flow/preload-playback.js';
import { pageAutoplayVerdict } from './features/play-flow/autoplay-check.js';
import { LANG_PARAM, browserLanguages, pageLocale } from './lib/locale.js';
import { loadStringTable } from 's72-player/client';
import type { PlayFlow } from './features/play-flow/play-flow.js';
import './styles.css';

/** Longest wait for the flow's first round before the app mounts anyway, ms. */
const APP_MOUNT_WAIT_MS = 1500;

/**
 * Resolves once the flow is past loading its item (any other state), or after `capMs`; marks which
 * came first (`s72-play:app-mount`, `detail.after`: `'first-round'` or `'cap'`).
 */
function flowPastFirstRound(flow: Pick<PlayFlow, 'getState' | 'subscribe'>, capMs: number): Promise<void> {
  const past = (): boolean => {
    const state = flow.getState();
    return state.status !== 'idle' && !(state.status === 'loading' && state.phase === 'item');
  };
  const mark = (after: 'first-round' | 'cap'): void => void performance.mark('s72-play:app-mount', { detail: { after } });
  return new Promise((resolve) => {
    if (past()) {
      mark('first-round');
      return resolve();
    }
    const timer = setTimeout(() => done('cap'), capMs);
    const unsubscribe = flow.subscribe(() => {
      if (past()) done('first-round');
    });
    function done(after: 'first-round' | 'cap'): void {
      clearTimeout(timer);
      unsubscribe();
      mark(after);
      resolve();
    }
  });
}

const services = createAppServices(window);
const { session, hash } = services.sessions.getSnapshot();
// Start-up work for the play route only (`#/device-support` plays nothing).
const playing = session && !isDeviceSupportPath(hash.rawPath) ? session : null;
// The play route's flow starts here, before React and the player are loaded: its first calls need
// only the session. The route's own start with the same session is then a no-op (PlayFlow.start).
if (playing) services.flow.start(playing);
// A user-timing mark for the start-up benchmark's waterfall (`BENCH_WATERFALL=1`).
performance.mark('s72-play:first-calls');
// play-page §9: the autoplay check (a silent clip) runs alongside the flow's calls.
if (playing && playing.autoplay !== false) void pageAutoplayVerdict();

// The player's code (the element and its React wrapper, which the React app imports too).
const player = import('s72-player/react');
// A failure to load it shows in the app, which imports the same chunk.
player.catch(() => undefined);
// The engine's code is fetched from the page's head (a modulepreload, vite.config.ts); this
// evaluates it while the flow's calls are in flight.
if (playing) void player.then(({ S72PlayerElement }) => S72PlayerElement.preloadEngines()).catch(() => undefined);
// The content's manifest and key-system probe start when the streams call answers, before React
// renders the player.
preloadPlayback(services.flow, (content, config) => player.then(({ S72PlayerElement }) => S72PlayerElement.preloadContent(content, config)));

// The page's string table: English is built in; another language's table is fetched alongside the
// app, which first renders once it is there (English if it fails to load), so an English page never
// downloads the Arabic table and an Arabic page never shows English first.
const table = loadStringTable(pageLocale(hash.params.get(LANG_PARAM), browserLanguages())).catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// issue 23: React's first mount of the whole app is one long task (0.2-0.35 s on a 2-core machine).
// Run while the first calls answer, it held the streams call back by as long; so the app mounts
// once the flow has moved past its first round (the streams call is then on its way and the mount
// overlaps it), at most APP_MOUNT_WAIT_MS after the page started. The app chunk itself arrives at
// about the time the first round answers, so the loading screen shows no later than a few frames
// after it did when the app mounted on arrival.
const firstRound = playing ? flowPastFirstRound(services.flow, APP_MOUNT_WAIT_MS) : Promise.resolve();
void Promise.all([import('./app/mount.js'), table, firstRound]).then(([{ mountApp }]) => mountApp(root, services));

/// <reference types="chromecast-caf-sender" />
/**
 * A fake Google Cast Web Sender framework and a fake receiver, for tests (Chromium here has no Cast
 * devices and no network to gstatic.com). It implements the part of the real SDK interface
 * (`@types/chromecast-caf-sender`) the cast controller uses — `cast.framework.CastContext`
 * (getInstance, setOptions, getCastState, requestSession, getCurrentSession, endCurrentSession,
 * CAST_STATE_CHANGED / SESSION_STATE_CHANGED events), `CastSession` (getCastDevice, sendMessage,
 * add/removeMessageListener, setVolume, setMute, endSession), `RemotePlayer`,
 * `RemotePlayerController` (playOrPause, seek, muteOrUnmute, setVolumeLevel, ANY_CHANGE events),
 * the enums, and `chrome.cast.AutoJoinPolicy` / `ErrorCode` — and it arrives the way the real script
 * does: {@link FakeCast.injector} puts `cast` and `chrome.cast` on `window`, then calls
 * `window.__onGCastApiAvailable(true)`.
 *
 * The fake receiver answers the status channel (`APP_STATUS?` → `APP_STATUS` with app state,
 * friendly name, error screen, device info, now playing, tracks, ad state; `PLAYLIST_START` starts
 * "playback"; `SKIP_AD`) and the media channel (`GET_STATUS` → `MEDIA_STATUS`). Tests change its
 * fields (e.g. `receiver.errorScreen = 'too-many-devices'`, `receiver.silent = true`) and read what
 * it was sent (`receiver.received`). Answers arrive on a microtask (no timers), so sinon fake timers
 * drive only the sender's own timings.
 */
import type { CastScriptInjector } from '../../src-element/core/cast/sdk-loader.js';
import { castSdkLoader, type CastSdkLoader } from '../../src-element/core/cast/sdk-loader.js';
import { CAST_MEDIA_NAMESPACE, CAST_STATUS_NAMESPACE } from '../../src-element/core/cast/cast-constants.js';

type Listener<E> = (event: E) => void;

const CastState = { NO_DEVICES_AVAILABLE: 'NO_DEVICES_AVAILABLE', NOT_CONNECTED: 'NOT_CONNECTED', CONNECTING: 'CONNECTING', CONNECTED: 'CONNECTED' } as const;
const SessionState = {
  NO_SESSION: 'NO_SESSION',
  SESSION_STARTING: 'SESSION_STARTING',
  SESSION_STARTED: 'SESSION_STARTED',
  SESSION_START_FAILED: 'SESSION_START_FAILED',
  SESSION_ENDING: 'SESSION_ENDING',
  SESSION_ENDED: 'SESSION_ENDED',
  SESSION_RESUMED: 'SESSION_RESUMED',
} as const;
const CastContextEventType = { CAST_STATE_CHANGED: 'caststatechanged', SESSION_STATE_CHANGED: 'sessionstatechanged' } as const;
const RemotePlayerEventType = {
  ANY_CHANGE: 'anyChanged',
  IS_CONNECTED_CHANGED: 'isConnectedChanged',
  CURRENT_TIME_CHANGED: 'currentTimeChanged',
  DURATION_CHANGED: 'durationChanged',
  IS_PAUSED_CHANGED: 'isPausedChanged',
  VOLUME_LEVEL_CHANGED: 'volumeLevelChanged',
  IS_MUTED_CHANGED: 'isMutedChanged',
  PLAYER_STATE_CHANGED: 'playerStateChanged',
  IS_PLAYING_BREAK_CHANGED: 'isPlayingBreakChanged',
  WHEN_SKIPPABLE_CHANGED: 'whenSkippableChanged',
} as const;

/** One message the receiver got: its namespace and parsed body. */
export interface ReceivedMessage {
  namespace: string;
  message: Record<string, unknown>;
}

/** The fake receiver app on the "TV". */
export class FakeReceiver {
  friendlyName = 'Living Room TV';
  /** APP_STATUS appState while nothing plays. */
  appState: 'INITIALIZING' | 'LOADING' | 'IDLE' | 'PLAYING' = 'IDLE';
  /** Media player state after a playlist start. */
  playerState: 'IDLE' | 'PLAYING' | 'PAUSED' | 'BUFFERING' = 'IDLE';
  idleReason: 'FINISHED' | 'ERROR' | null = null;
  errorScreen: string | null = null;
  deviceInfo = { model: 'Chromecast', androidTv: false, remoteInput: false };
  nowPlaying: { slug: string; playlistSlug: string | null; title: string } | null = null;
  currentTime = 0;
  duration = 120;
  volume = 1;
  muted = false;
  ad = { isPlayingBreak: false, canSkipAd: false, whenSkippable: null as number | null };
  /** True: the receiver stops answering (status timeout, connection lost). */
  silent = false;
  /** True: APP_STATUS answers are malformed (receiver_status_error). */
  malformedStatus = false;
  /** True: sendMessage fails (send_message_failed). */
  failSends = false;
  /** After PLAYLIST_START: this error screen instead of playing. */
  errorOnLoad: string | null = null;
  readonly received: ReceivedMessage[] = [];
  /** Sends a message to the sender (the session's message listeners). */
  reply: (namespace: string, message: unknown) => void = () => undefined;

  messages(type: string): Record<string, unknown>[] {
    return this.received.filter((m) => m.message['type'] === type).map((m) => m.message);
  }

  handle(namespace: string, message: Record<string, unknown>): void {
    this.received.push({ namespace, message });
    const requestId = message['requestId'];
    const type = message['type'];
    if (namespace === CAST_STATUS_NAMESPACE && type === 'PLAYLIST_START') {
      // A playlist receiver: it plays the playlist the message names (its main content, after any ads).
      this.nowPlaying = { slug: String(message['slug']), playlistSlug: String(message['slug']), title: 'Night Harbour' };
      this.currentTime = Number(message['playFrom']) || 0;
      if (this.errorOnLoad) {
        this.errorScreen = this.errorOnLoad;
        this.playerState = 'IDLE';
      } else {
        this.errorScreen = null;
        this.idleReason = null;
        this.appState = 'PLAYING';
        this.playerState = 'PLAYING';
      }
      return;
    }
    if (this.silent) return;
    if (namespace === CAST_STATUS_NAMESPACE && type === 'APP_STATUS?' && this.malformedStatus) {
      this.reply(namespace, { type: 'APP_STATUS', requestId, appState: 'DANCING' });
    } else if (namespace === CAST_STATUS_NAMESPACE && type === 'APP_STATUS?') {
      this.reply(namespace, {
        type: 'APP_STATUS',
        requestId,
        appState: this.appState,
        friendlyName: this.friendlyName,
        ...(this.errorScreen ? { error: { errorScreen: this.errorScreen } } : {}),
        deviceInfo: this.deviceInfo,
        nowPlaying: this.nowPlaying,
        audioTracks: [{ id: 1, language: 'en', label: 'English', active: true }],
        textTracks: [{ id: 2, language: 'ar', label: 'Arabic', active: false }],
        ad: this.ad,
      });
    } else if (namespace === CAST_STATUS_NAMESPACE && type === 'SKIP_AD') {
      this.ad = { isPlayingBreak: false, canSkipAd: false, whenSkippable: null };
    } else if (namespace === CAST_MEDIA_NAMESPACE && type === 'GET_STATUS') {
      this.reply(namespace, {
        type: 'MEDIA_STATUS',
        requestId,
        status: [
          {
            playerState: this.playerState,
            ...(this.idleReason ? { idleReason: this.idleReason } : {}),
            currentTime: this.currentTime,
            media: { duration: this.duration },
            volume: { level: this.volume, muted: this.muted },
          },
        ],
      });
    }
  }
}

class FakeCastSession {
  private readonly listeners = new Map<string, Set<(namespace: string, message: string) => void>>();
  constructor(
    private readonly fake: FakeCast,
    readonly receiver: FakeReceiver,
    private readonly id: string,
  ) {
    receiver.reply = (namespace, message) => {
      queueMicrotask(() => {
        for (const listener of this.listeners.get(namespace) ?? []) listener(namespace, JSON.stringify(message));
      });
    };
  }
  getSessionId(): string {
    return this.id;
  }
  getSessionState(): string {
    return SessionState.SESSION_STARTED;
  }
  getCastDevice(): { friendlyName: string; label: string } {
    return { friendlyName: this.receiver.friendlyName, label: 'fake-receiver' };
  }
  async sendMessage(namespace: string, data: unknown): Promise<undefined> {
    // The SDK rejects with a chrome.cast.ErrorCode string, not an Error.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (this.receiver.failSends) throw 'session_error';
    await Promise.resolve();
    this.receiver.handle(namespace, (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>);
    return undefined;
  }
  addMessageListener(namespace: string, listener: (namespace: string, message: string) => void): void {
    if (!this.listeners.has(namespace)) this.listeners.set(namespace, new Set());
    this.listeners.get(namespace)!.add(listener);
  }
  removeMessageListener(namespace: string, listener: (namespace: string, message: string) => void): void {
    this.listeners.get(namespace)?.delete(listener);
  }
  listenerCount(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
  async setVolume(volume: number): Promise<undefined> {
    this.fake.volumeCalls.push(volume);
    this.receiver.volume = volume;
    return undefined;
  }
  getVolume(): number {
    return this.receiver.volume;
  }
  async setMute(mute: boolean): Promise<undefined> {
    this.receiver.muted = mute;
    return undefined;
  }
  isMute(): boolean {
    return this.receiver.muted;
  }
  endSession(stopCasting: boolean): void {
    this.fake.context.endCurrentSession(stopCasting);
  }
}

class FakeRemotePlayer {
  isConnected = false;
  isMediaLoaded = false;
  duration = 0;
  currentTime = 0;
  volumeLevel = 1;
  canControlVolume = true;
  isPaused = false;
  isMuted = false;
  canPause = true;
  canSeek = true;
  displayName = '';
  statusText = '';
  title = '';
  displayStatus = '';
  imageUrl: string | null = null;
  playerState: string | null = null;
  savedPlayerState = null;
  controller = null;
  isPlayingBreak = false;
  whenSkippable: number | undefined = undefined;
}

class FakeCastContext {
  options: Record<string, unknown> | null = null;
  castState: string = CastState.NO_DEVICES_AVAILABLE;
  session: FakeCastSession | null = null;
  private readonly listeners = new Map<string, Set<Listener<unknown>>>();
  constructor(private readonly fake: FakeCast) {}

  setOptions(options: Record<string, unknown>): void {
    this.options = options;
    this.fake.optionsSet.push(options);
  }
  getCastState(): string {
    return this.castState;
  }
  getSessionState(): string {
    return this.session ? SessionState.SESSION_STARTED : SessionState.NO_SESSION;
  }
  getCurrentSession(): FakeCastSession | null {
    return this.session;
  }
  addEventListener(type: string, handler: Listener<unknown>): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(handler);
  }
  removeEventListener(type: string, handler: Listener<unknown>): void {
    this.listeners.get(type)?.delete(handler);
  }
  listenerCount(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
  emit(type: string, event: Record<string, unknown>): void {
    for (const handler of [...(this.listeners.get(type) ?? [])]) handler({ type, ...event });
  }
  setCastState(state: string): void {
    if (this.castState === state) return;
    this.castState = state;
    this.emit(CastContextEventType.CAST_STATE_CHANGED, { castState: state });
  }

  /** The device picker: what the viewer does there is `fake.pick`. */
  requestSession(): Promise<undefined> {
    this.fake.pickerOpened++;
    return new Promise((resolve, reject) => {
      this.fake.closePicker = (choice) => {
        this.fake.closePicker = null;
        // The SDK rejects with chrome.cast.ErrorCode strings.
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        if (choice === 'cancel') return reject('cancel');
        if (choice === 'fail') {
          this.emit(CastContextEventType.SESSION_STATE_CHANGED, { sessionState: SessionState.SESSION_START_FAILED, session: null, errorCode: 'receiver_unavailable' });
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          return reject('receiver_unavailable');
        }
        this.setCastState(CastState.CONNECTING);
        this.startSession(false);
        resolve(undefined);
      };
      if (this.fake.pick !== 'wait') this.fake.closePicker(this.fake.pick);
    });
  }

  startSession(resumed: boolean): void {
    this.session = new FakeCastSession(this.fake, this.fake.receiver, `session-${++this.fake.sessions}`);
    this.setCastState(CastState.CONNECTED);
    this.emit(CastContextEventType.SESSION_STATE_CHANGED, {
      sessionState: resumed ? SessionState.SESSION_RESUMED : SessionState.SESSION_STARTED,
      session: this.session,
    });
  }

  endCurrentSession(stopCasting: boolean): void {
    if (!this.session) return;
    this.fake.endCalls.push(stopCasting);
    this.session = null;
    this.emit(CastContextEventType.SESSION_STATE_CHANGED, { sessionState: SessionState.SESSION_ENDED, session: null });
    this.setCastState(CastState.NOT_CONNECTED);
  }
}

/** The framework and its receiver; install through {@link FakeCast.loader}. */
export class FakeCast {
  readonly receiver = new FakeReceiver();
  readonly context: FakeCastContext = new FakeCastContext(this);
  /** What the viewer does in the device picker: pick the receiver, cancel, fail, or leave it open (`closePicker` later). */
  pick: 'choose' | 'cancel' | 'fail' | 'wait' = 'choose';
  closePicker: ((choice: 'choose' | 'cancel' | 'fail') => void) | null = null;
  pickerOpened = 0;
  sessions = 0;
  readonly optionsSet: Record<string, unknown>[] = [];
  readonly endCalls: boolean[] = [];
  readonly volumeCalls: number[] = [];
  readonly injectedUrls: string[] = [];
  readonly remoteControllers: FakeRemotePlayerController[] = [];
  /** Devices on the network at install: NOT_CONNECTED (true) or NO_DEVICES_AVAILABLE. */
  devicesAvailable = true;
  /** A session the page had before it (re)loaded: the sender resumes it (SESSION_RESUMED path). */
  existingSession = false;
  /** The `__onGCastApiAvailable` answer: true, false (no Cast here), or 'never' (the script never calls it). */
  available: boolean | 'never' = true;

  /** `cast.framework` as the SDK defines it. */
  readonly framework = ((fake: FakeCast) => {
    return {
      VERSION: 'fake-1',
      CastState,
      SessionState,
      CastContextEventType,
      RemotePlayerEventType,
      LoggerLevel: { DEBUG: 0, INFO: 800, WARNING: 900, ERROR: 1000, NONE: 1500 },
      setLoggerLevel: () => undefined,
      CastContext: { getInstance: () => fake.context },
      RemotePlayer: FakeRemotePlayer,
      RemotePlayerController: class extends FakeRemotePlayerController {
        constructor(player: FakeRemotePlayer) {
          super(fake, player);
          fake.remoteControllers.push(this);
        }
      },
    };
  })(this);

  /** `chrome.cast` as the SDK defines it (the parts used). */
  readonly chromeCast = {
    AutoJoinPolicy: { TAB_AND_ORIGIN_SCOPED: 'tab_and_origin_scoped', ORIGIN_SCOPED: 'origin_scoped', PAGE_SCOPED: 'page_scoped' },
    ErrorCode: { CANCEL: 'cancel', TIMEOUT: 'timeout', SESSION_ERROR: 'session_error', RECEIVER_UNAVAILABLE: 'receiver_unavailable' },
    media: { DEFAULT_MEDIA_RECEIVER_APP_ID: 'CC1AD845' },
  };

  /** The script injector: the "script" defines the globals, then calls `__onGCastApiAvailable` (asynchronously, as a script load is). */
  readonly injector: CastScriptInjector = (url) => {
    this.injectedUrls.push(url);
    if (this.available === 'never') return;
    queueMicrotask(() => {
      const g = window as unknown as Record<string, unknown>;
      if (this.available === true) {
        this.context.castState = this.devicesAvailable ? CastState.NOT_CONNECTED : CastState.NO_DEVICES_AVAILABLE;
        if (this.existingSession) {
          this.context.session = new FakeCastSession(this, this.receiver, `session-${++this.sessions}`);
          this.context.castState = CastState.CONNECTED;
        }
        g['cast'] = { framework: this.framework };
        (g['chrome'] as Record<string, unknown>)['cast'] = this.chromeCast;
      }
      (window.__onGCastApiAvailable as (available: boolean, reason?: string) => void)(this.available === true, this.available === true ? undefined : 'no Cast');
    });
  };

  /** The loader to give `<s72-player>` (`castSdkLoader`): the real loader around the fake injector. */
  readonly loader: CastSdkLoader = castSdkLoader(this.injector);

  /** The current session (fails when there is none). */
  get session(): FakeCastSession {
    if (!this.context.session) throw new Error('no cast session');
    return this.context.session;
  }

  /** The receiver ends the session by itself (TV turned off): the session ends without the viewer asking. */
  dropSession(): void {
    this.context.endCurrentSession(false);
    this.endCalls.pop();
  }

  /** Emits a RemotePlayer change as the SDK does (ANY_CHANGE and the field's own event). */
  remoteChange(field: string, value: unknown): void {
    for (const controller of this.remoteControllers) controller.change(field, value);
  }

  /** Removes the globals (afterEach). */
  static uninstall(): void {
    const g = window as unknown as Record<string, unknown>;
    delete g['cast'];
    delete g['__onGCastApiAvailable'];
    if (g['chrome']) delete (g['chrome'] as Record<string, unknown>)['cast'];
  }
}

class FakeRemotePlayerController {
  private readonly listeners = new Map<string, Set<Listener<unknown>>>();
  readonly calls: string[] = [];
  constructor(
    private readonly fake: FakeCast,
    private readonly player: FakeRemotePlayer,
  ) {}
  addEventListener(type: string, handler: Listener<unknown>): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(handler);
  }
  removeEventListener(type: string, handler: Listener<unknown>): void {
    this.listeners.get(type)?.delete(handler);
  }
  change(field: string, value: unknown): void {
    (this.player as unknown as Record<string, unknown>)[field] = value;
    const event = { type: RemotePlayerEventType.ANY_CHANGE, field, value };
    for (const handler of [...(this.listeners.get(RemotePlayerEventType.ANY_CHANGE) ?? [])]) handler(event);
  }
  playOrPause(): void {
    this.calls.push('playOrPause');
    const receiver = this.fake.receiver;
    receiver.playerState = receiver.playerState === 'PLAYING' ? 'PAUSED' : 'PLAYING';
    this.change('playerState', receiver.playerState);
  }
  stop(): void {
    this.calls.push('stop');
  }
  seek(): void {
    this.calls.push(`seek:${this.player.currentTime}`);
    this.fake.receiver.currentTime = this.player.currentTime;
  }
  muteOrUnmute(): void {
    this.calls.push('muteOrUnmute');
  }
  setVolumeLevel(): void {
    this.calls.push(`setVolumeLevel:${this.player.volumeLevel}`);
  }
  getFormattedTime(seconds: number): string {
    return String(seconds);
  }
  getSeekPosition(currentTime: number, duration: number): number {
    return duration ? (currentTime / duration) * 100 : 0;
  }
  getSeekTime(position: number, duration: number): number {
    return (position / 100) * duration;
  }
}

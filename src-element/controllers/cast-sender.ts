/// <reference types="chromecast-caf-sender" preserve="true" />
// §8 "Cast start or stop failures are logged"; play-page §2 `cast`
/**
 * The Google Cast sender (loaded on demand by cast-controller.ts). It owns the SDK (loaded only when `config.cast.enabled` and the
 * browser may cast: `core/cast/cast-support.ts`), the `CastContext`, the session's message channels
 * and the `RemotePlayer`, feeds their events to the state machine (`core/cast/cast-state.ts`) and
 * writes the result to the store's `cast` row; the cast surfaces render from it and send
 * `s72-cast-request` commands back (`core/cast/cast-commands.ts`).
 *
 * - SDK missing, failing, or silent for 30 s: `cast_sdk_not_loaded` (recoverable), the state is
 *   UNAVAILABLE with `unavailable: 'sdk-not-loaded'` (the cast button shows disabled, with the
 *   reason), playback is untouched. Enabled without an app id: `unavailable: 'no-app-id'`.
 * - A session: the local video pauses, the playlist start message goes out on the status channel
 *   (slug, authToken, baseUrl, telemetry, heartbeat, playFrom, originatedFrom; the slug and start of
 *   the content's playlist when it has one: `castTarget` in core/content-playlist.ts; a playlist
 *   without `config.embeddedPlayer` is `bad_config` and nothing is sent), and while casting
 *   and the page is visible the status (`APP_STATUS?` + `GET_STATUS`) is asked for every 5 s,
 *   debounced 500 ms. The receiver must answer within 60 s (10 s for a resumed session, checked
 *   1 s after resuming), re-checked at most every 10 s; otherwise `timeout` and "connection lost".
 * - Volume goes to the receiver at most every 500 ms. Start/stop failures are reported as
 *   recoverable `cast` errors.
 *
 * Everything runs on the injected clock; the SDK comes through the injected loader (tests: the fake
 * framework of test/helpers/fake-cast.ts through the same `__onGCastApiAvailable` path).
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';
import { CAST_MEDIA_NAMESPACE, CAST_RESUME_CHECK_MS, CAST_STATUS_NAMESPACE } from '../core/cast/cast-constants.js';
import { castError, requestSessionErrorCode } from '../core/cast/cast-errors.js';
import type { S72CastCommand } from '../core/cast/cast-commands.js';
import {
  appStatusRequest,
  mediaStatusRequest,
  parseMediaStatus,
  parseReceiverStatus,
  playlistStartMessage,
  requestIds,
  skipAdRequest,
  type SenderMessage,
} from '../core/cast/cast-messages.js';
import { castReducer, type CastEvent } from '../core/cast/cast-reducer.js';
import { INITIAL_CAST_STATE, isCasting, type CastState, type SdkCastState } from '../core/cast/cast-state.js';
import { castAppId, castSupport } from '../core/cast/cast-support.js';
import { castTarget, isEmbeddedPlayer } from '../core/content-playlist.js';
import { Debounce, ReceiverStatusWatch, StatusPoller, Throttle } from '../core/cast/cast-timers.js';
import { castSdkLoader, type CastSdk } from '../core/cast/sdk-loader.js';
import type { S72Error } from '../core/errors.js';
import { fireEvent, type S72CastChange } from '../events.js';
import type { CastControllerOptions, CastHost } from './cast-controller.js';
import '../ui/s72-cast-panel.js';

const defaultLoader = castSdkLoader();

/** The cast sender, in its own chunk with the cast panel: `CastController` (cast-controller.ts) loads it when casting is allowed. */
export class CastSender implements ReactiveController {
  private state: CastState = INITIAL_CAST_STATE;
  private readonly clock: Clock;
  private readonly userAgent: () => string;
  private readonly reload: () => void;
  private sdk: CastSdk | null = null;
  private context: cast.framework.CastContext | null = null;
  private session: cast.framework.CastSession | null = null;
  private remotePlayer: cast.framework.RemotePlayer | null = null;
  private remoteController: cast.framework.RemotePlayerController | null = null;
  private loading: Promise<void> | null = null;
  private loadFailed = false;
  private connected = false;
  private stopRequested = false;
  private resumeTimer: { handle: TimerHandle } | null = null;
  private readonly nextId = requestIds();
  private readonly statusDebounce: Debounce;
  private readonly poller: StatusPoller;
  private readonly watch: ReceiverStatusWatch;
  private readonly volume: Throttle<number>;

  constructor(
    private readonly host: CastHost,
    options: CastControllerOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.userAgent = options.userAgent ?? (() => (typeof navigator === 'undefined' ? '' : navigator.userAgent));
    this.reload = options.reload ?? (() => globalThis.location?.reload());
    this.statusDebounce = new Debounce(this.clock, () => this.sendStatusRequests());
    this.poller = new StatusPoller(this.clock, () => this.statusDebounce.trigger());
    this.watch = new ReceiverStatusWatch(this.clock, () => this.onStatusTimeout());
    this.volume = new Throttle<number>(this.clock, (level) => void this.session?.setVolume(level)?.catch(() => undefined));
    host.addController(this);
  }

  /** The cast state now (also the store's `cast` row). */
  get current(): CastState {
    return this.state;
  }

  // §5
  /** True while playback belongs to the receiver (heartbeat and player telemetry stop). */
  get casting(): boolean {
    return isCasting(this.state);
  }

  hostConnected(): void {
    this.connected = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    this.poller.setVisible(document.visibilityState !== 'hidden');
    this.update();
  }

  hostUpdate(): void {
    if (this.connected) this.update();
  }

  hostDisconnected(): void {
    this.connected = false;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.stopTimers();
    this.detachSession();
    this.unbindContext();
  }

  /** One cast command (from `s72-cast-request`). */
  command(command: S72CastCommand): void {
    switch (command.action) {
      case 'start':
        return void this.start();
      case 'stop':
        return this.end(true);
      case 'disconnect':
        return this.end(false);
      case 'load':
        return void this.loadMedia(command.mode ?? 'resume');
      case 'play-pause':
        return this.remoteController?.playOrPause();
      case 'seek':
        if (this.remotePlayer && this.remoteController) {
          this.remotePlayer.currentTime = Math.max(0, command.time);
          this.remoteController.seek();
        }
        return;
      case 'volume':
        return this.volume.push(Math.min(1, Math.max(0, command.level)));
      case 'mute':
        return void this.session?.setMute(command.muted)?.catch(() => undefined);
      case 'skip-ad':
        return void this.send(CAST_STATUS_NAMESPACE, skipAdRequest(this.nextId()));
      case 'reconnect':
        return this.reload();
    }
  }

  // ── SDK ──

  private update(): void {
    const support = castSupport(this.host.effectiveConfig, this.userAgent());
    if (support !== 'allowed') {
      // §5: enabled without an app id shows "cast unavailable"; otherwise casting is simply off.
      const reason = support === 'no-app-id' ? 'no-app-id' : null;
      if (this.sdk || this.state.connectionStatus !== 'UNAVAILABLE' || this.state.unavailable !== reason) {
        // Casting switched off (or not allowed here): leave the session to the receiver, stop listening.
        this.detachSession();
        this.unbindContext();
        this.dispatch({ type: 'unavailable', reason });
      }
      return;
    }
    // One attempt per player: without the SDK casting stays off (§7, §9), playback goes on.
    if (this.sdk || this.loadFailed) return;
    this.loading ??= this.load();
  }

  private async load(): Promise<void> {
    const loader = this.host.castSdkLoader ?? defaultLoader;
    try {
      const sdk = await loader({ clock: this.clock });
      if (this.connected) this.init(sdk);
    } catch (error) {
      // §7/§9: the SDK's absence degrades casting only.
      const reported = (error as S72Error).code === 'cast_sdk_not_loaded' ? (error as S72Error) : castError('cast_sdk_not_loaded', error);
      this.loadFailed = true;
      this.dispatch({ type: 'unavailable', error: reported, reason: 'sdk-not-loaded' });
      this.host.report(reported);
    } finally {
      this.loading = null;
    }
  }

  private init(sdk: CastSdk): void {
    this.sdk = sdk;
    const fw = sdk.framework;
    const context = fw.CastContext.getInstance();
    const appId = castAppId(this.host.effectiveConfig);
    if (!appId) return; // §5: never a default receiver (update() shows "no-app-id")
    context.setOptions({
      receiverApplicationId: appId,
      autoJoinPolicy: sdk.chromeCast.AutoJoinPolicy.ORIGIN_SCOPED,
    });
    this.context = context;
    context.addEventListener(fw.CastContextEventType.CAST_STATE_CHANGED, this.onCastState);
    context.addEventListener(fw.CastContextEventType.SESSION_STATE_CHANGED, this.onSessionState);
    this.remotePlayer = new fw.RemotePlayer();
    this.remoteController = new fw.RemotePlayerController(this.remotePlayer);
    this.remoteController.addEventListener(fw.RemotePlayerEventType.ANY_CHANGE, this.onRemoteChange);
    this.dispatch({ type: 'cast-state', castState: context.getCastState() as SdkCastState });
    const existing = context.getCurrentSession();
    if (existing) this.attachSession(existing, true);
  }

  private unbindContext(): void {
    const fw = this.sdk?.framework;
    if (fw && this.context) {
      this.context.removeEventListener(fw.CastContextEventType.CAST_STATE_CHANGED, this.onCastState);
      this.context.removeEventListener(fw.CastContextEventType.SESSION_STATE_CHANGED, this.onSessionState);
      this.remoteController?.removeEventListener(fw.RemotePlayerEventType.ANY_CHANGE, this.onRemoteChange);
    }
    this.context = null;
    this.remotePlayer = null;
    this.remoteController = null;
    this.sdk = null;
  }

  // ── Start / stop ──

  private async start(): Promise<void> {
    if (!this.context) {
      this.host.report(castError(this.state.connectionStatus === 'UNAVAILABLE' ? 'cast_sdk_not_loaded' : 'not_connected'));
      return;
    }
    this.dispatch({ type: 'choose-target' });
    // The SDK rejects with a chrome.cast.ErrorCode (some versions resolve with one instead).
    const failure: unknown = await this.context.requestSession().then(
      (code) => code ?? null,
      (reason: unknown) => reason ?? 'unknown',
    );
    if (failure === null) return;
    const error = castError(requestSessionErrorCode(failure), failure);
    this.dispatch({ type: 'choose-target-failed', error });
    this.host.report(error);
  }

  private end(stopCasting: boolean): void {
    if (!this.context || !this.session) {
      this.host.report(castError('not_connected'));
      return;
    }
    this.stopRequested = true;
    try {
      this.context.endCurrentSession(stopCasting);
    } catch (cause) {
      this.stopRequested = false;
      this.host.report(castError('connect_failed', cause));
    }
  }

  private readonly onCastState = (event: cast.framework.CastStateEventData): void => {
    this.dispatch({ type: 'cast-state', castState: event.castState as SdkCastState });
  };

  private readonly onSessionState = (event: cast.framework.SessionStateEventData): void => {
    const states = this.sdk?.framework.SessionState;
    if (!states) return;
    if (event.sessionState === states.SESSION_STARTED) this.attachSession(event.session, false);
    else if (event.sessionState === states.SESSION_RESUMED) this.attachSession(event.session, true);
    else if (event.sessionState === states.SESSION_ENDED) this.sessionEnded();
  };

  private attachSession(session: cast.framework.CastSession, resumed: boolean): void {
    if (this.session === session) return;
    this.detachSession();
    this.session = session;
    session.addMessageListener(CAST_STATUS_NAMESPACE, this.onStatusMessage);
    session.addMessageListener(CAST_MEDIA_NAMESPACE, this.onMediaMessage);
    this.dispatch({ type: 'session-started', friendlyName: session.getCastDevice()?.friendlyName ?? null, resumed });
    this.host.store.owners.media?.pause();
    this.poller.setCasting(true);
    if (resumed) {
      // §9 "Resume check waits 1 s", then the 10-s receiver timeout.
      this.resumeTimer = {
        handle: this.clock.setTimeout(() => {
          this.resumeTimer = null;
          this.watch.start({ resuming: true });
          this.sendStatusRequests();
        }, CAST_RESUME_CHECK_MS),
      };
    } else {
      this.watch.start({ resuming: false });
      void this.loadMedia('resume');
    }
  }

  private sessionEnded(): void {
    const position = this.state.currentTime;
    this.detachSession();
    this.dispatch({ type: 'session-ended', requested: this.stopRequested });
    this.stopRequested = false;
    // Local playback takes over where the receiver was.
    const media = this.host.store.owners.media;
    if (media && position > 0 && Number.isFinite(media.duration)) media.currentTime = Math.min(position, media.duration);
  }

  private detachSession(): void {
    this.stopTimers();
    if (!this.session) return;
    this.session.removeMessageListener(CAST_STATUS_NAMESPACE, this.onStatusMessage);
    this.session.removeMessageListener(CAST_MEDIA_NAMESPACE, this.onMediaMessage);
    this.session = null;
  }

  private stopTimers(): void {
    this.poller.setCasting(false);
    this.statusDebounce.stop();
    this.watch.stop();
    this.volume.stop();
    if (this.resumeTimer) this.clock.clearTimeout(this.resumeTimer.handle);
    this.resumeTimer = null;
  }

  // ── Messages ──

  /** Cast controller "load media (optionally mode beginning)": the playlist start message. */
  private async loadMedia(mode: 'beginning' | 'resume'): Promise<void> {
    const content = this.host.content;
    if (!this.session) return this.host.report(castError('not_connected'));
    const config = this.host.effectiveConfig;
    // §3 "playlist {slug, mainContentStartTime}": the receiver plays the content's playlist.
    const target = castTarget(content, this.host.store.getState().currentTime, mode);
    // Nothing the receiver could look up (a plain `src` without content, or no slug).
    if (!content || !target) return this.host.report(castError('bad_config', undefined, { reason: 'no-slug' }));
    // §8 "badConfig when a playlist is loaded without the embedded player".
    if (target.playlist && !isEmbeddedPlayer(config)) {
      return this.host.report(castError('bad_config', undefined, { reason: 'playlist-without-embedded-player', playlistSlug: target.slug }));
    }
    const message = playlistStartMessage(this.nextId(), {
      slug: target.slug,
      authToken: config.cast?.playlist?.authToken ?? content.authorization ?? null,
      baseUrl: config.cast?.playlist?.baseUrl ?? null,
      telemetry: config.telemetry ?? null,
      heartbeat: config.heartbeat ?? null,
      position: target.playFrom,
      mode: 'resume',
      pageUrl: globalThis.location?.href ?? '',
    });
    if (await this.send(CAST_STATUS_NAMESPACE, message)) {
      this.dispatch({ type: 'load-sent' });
      this.statusDebounce.trigger();
    }
  }

  private sendStatusRequests(): void {
    if (!this.session) return;
    void this.send(CAST_STATUS_NAMESPACE, appStatusRequest(this.nextId()));
    void this.send(CAST_MEDIA_NAMESPACE, mediaStatusRequest(this.nextId()));
  }

  /** Sends one message; a failure is `send_message_failed` (reported, not thrown). */
  private async send(namespace: string, message: SenderMessage): Promise<boolean> {
    const session = this.session;
    if (!session) {
      this.host.report(castError('not_connected'));
      return false;
    }
    const failure: unknown = await session.sendMessage(namespace, message).then(
      (code) => code ?? null,
      (reason: unknown) => reason ?? 'unknown',
    );
    if (failure === null) return true;
    const error = castError('send_message_failed', failure);
    this.dispatch({ type: 'error', error });
    this.host.report(error);
    return false;
  }

  private readonly onStatusMessage = (_namespace: string, message: string): void => {
    const status = parseReceiverStatus(message);
    if (!status) {
      if (/"type"\s*:\s*"APP_STATUS"/.test(String(message))) this.host.report(castError('receiver_status_error'));
      return;
    }
    this.watch.answered();
    this.dispatch({ type: 'receiver-status', status });
  };

  private readonly onMediaMessage = (_namespace: string, message: string): void => {
    const status = parseMediaStatus(message);
    if (!status) return;
    this.watch.answered();
    this.dispatch({ type: 'media-status', status });
  };

  private onStatusTimeout(): void {
    const error = castError('timeout');
    this.dispatch({ type: 'status-timeout', error });
    this.host.report(error);
  }

  private readonly onRemoteChange = (event: cast.framework.RemotePlayerChangedEvent): void => {
    const value: unknown = event.value;
    switch (event.field) {
      case 'currentTime':
        return typeof value === 'number' ? this.dispatch({ type: 'remote-player', currentTime: value }) : undefined;
      case 'duration':
        return typeof value === 'number' ? this.dispatch({ type: 'remote-player', duration: value }) : undefined;
      case 'volumeLevel':
        return typeof value === 'number' ? this.dispatch({ type: 'remote-player', volumeLevel: value }) : undefined;
      case 'isMuted':
        return typeof value === 'boolean' ? this.dispatch({ type: 'remote-player', muted: value }) : undefined;
      case 'isPlayingBreak':
        return typeof value === 'boolean' ? this.dispatch({ type: 'remote-player', ad: { isPlayingBreak: value } }) : undefined;
      case 'whenSkippable':
        return this.dispatch({ type: 'remote-player', ad: { whenSkippable: typeof value === 'number' ? value : null, canSkipAd: typeof value === 'number' && value <= 0 } });
      case 'playerState':
        // The media channel has the details (idle reason); ask for them.
        return this.statusDebounce.trigger();
      default:
        return;
    }
  };

  private readonly onVisibility = (): void => {
    this.poller.setVisible(document.visibilityState !== 'hidden');
  };

  private dispatch(event: CastEvent): void {
    const before = this.state;
    const next = castReducer(before, event);
    if (next === before) return;
    this.state = Object.freeze(next);
    this.host.store.setUi({ cast: this.state });
    const changed =
      (['connectionStatus', 'appState', 'friendlyName', 'errorScreen', 'connectionLost'] as const).some((key) => before[key] !== next[key]) ||
      JSON.stringify(before.nowPlaying) !== JSON.stringify(next.nowPlaying);
    if (changed) {
      const detail: S72CastChange = {
        connectionStatus: next.connectionStatus,
        appState: next.appState,
        friendlyName: next.friendlyName,
        errorScreen: next.errorScreen,
        connectionLost: next.connectionLost,
        casting: isCasting(next),
        nowPlaying: next.nowPlaying,
      };
      fireEvent(this.host, 's72-cast-change', detail);
    }
  }
}

// DESIGN.md "Who uses it, and how"
/**
 * `s72-player`: importing this module defines `<s72-player>` (and its control bar) and exports the
 * element class, its event map and the shared types.
 */
import './early-start.js';
export { S72Player, MAX_PLAY_FAILURES, SEEK_STEP_S } from './s72-player.js';
export { S72ControlBar } from './ui/s72-control-bar.js';
export type { S72Suggestion, S72SuggestionSource } from './core/ui/ui-state.js';
export type { S72EndScreenClick } from './events.js';
// [cast] Casting and AirPlay (README "Casting and AirPlay")
export type { S72CastChange } from './events.js';
export type { S72CastCommand } from './core/cast/cast-commands.js';
export type { CastAppState, CastConnectionStatus, CastErrorScreen, CastState } from './core/cast/cast-state.js';
export { CAST_SDK_URL, DEFAULT_MANAGE_DEVICES_URL } from './core/cast/cast-constants.js';
export { castSdkLoader, type CastSdk, type CastSdkLoader, type CastScriptInjector } from './core/cast/sdk-loader.js';
export {
  EVENT_PROPS,
  MEDIA_EVENTS,
  PLAYER_EVENTS,
  REQUEST_EVENTS,
  fireRequest,
  type MediaEventName,
  type S72MediaEvent,
  type S72RequestEventName,
  type S72PlayerEventDetail,
  type S72PlayerEventMap,
  type S72RecoveryChange,
  type S72RequestEventDetail,
  type S72Tracks,
} from './events.js';
export {
  S72Error,
  isS72Error,
  type S72ErrorCategory,
  type S72ErrorCode,
  type S72ErrorSeverity,
} from './core/errors.js';
export {
  DEFAULT_LICENSE_PATHS,
  SPINNER_DELAY_MS,
  type DrmType,
  type S72Asset,
  type S72ChaptersTrack,
  type S72Content,
  type S72PlayerConfig,
  type S72Playlist,
  type S72Session,
} from './core/types.js';
export type { PlaySession } from './core/session/play-session.js';
export type { S72MediaInformation, S72MediaInformationLookup } from './core/media-information.js';
export type { EngineStats, AudioTrackInfo, TextTrackInfo, VideoTrackInfo, SourceKind } from './core/engine/engine.js';
export { defaultDrmConfig } from './core/engine/choose-source.js';
export {
  PLAYER_STATE,
  createPlayerStore,
  type PlayerSession,
  type PlayerState,
  type PlayerStateKey,
  type PlayerStore,
  type PlayerTracks,
  type StateOwners,
  type TimeRange,
} from './core/player-store.js';
export type { BufferingState } from './core/recovery/buffering-monitor.js';
export type { S72SessionStats } from './controllers/session-services.js';
export type { PlayerTelemetryBody } from './core/session/player-telemetry-rules.js';
export { REQUEST_MAP, type RequestContext } from './core/request-map.js';
export { playerContext, type PlayerContextValue } from './context.js';
export {
  ERROR_TEXT_CODES,
  SUPPORTED_LOCALES,
  createTranslator,
  formatCountdown,
  formatDateTime,
  hasStringTable,
  loadStringTable,
  resolveLocale,
  type Locale,
  type MessageKey,
  type MessageParams,
  type Translator,
} from './core/i18n/index.js';

/**
 * What the player plays and how it is configured: player-and-client §3, "Content (as read by the
 * playback engine)" and "Player configuration". Framework-free (core layer).
 *
 * Units: media positions and durations in seconds; timers in milliseconds (`…Ms`).
 */

/** Key systems a stream may be protected with. `clearkey` is the W3C ClearKey system (demo, tests). */
export type DrmType = 'widevine' | 'playready' | 'fairplay' | 'clearkey';

/** One playable rendition set of a title, as read by the engine (player-and-client §3 "Content"). */
export interface S72Asset {
  /** Manifest URL (DASH `.mpd`, HLS `.m3u8`) or progressive file URL (`.mp4`). */
  url: string;
  /** True for a live stream (play-page §3 "Stream": `broadcast_id` present). */
  isLive?: boolean;
  /** Key systems the asset is encrypted for; empty or absent means clear. */
  drms?: readonly DrmType[];
}

/**
 * The content the element plays (player-and-client §3 "Content").
 *
 * Tokens: `authorization` is the viewer's auth token (sent as `x-auth-token`), `playToken` the play
 * token from the streams call (sent as `x-play-token` and preferred over the auth token, play-page §6).
 * Neither is ever written into an attribute, a URL, telemetry or a window message.
 */
export interface S72Content {
  /** Content slug, e.g. `/film/night-harbour` (player-and-client §2). */
  slug: string;
  title?: string;
  images?: { thumb?: string };
  assets: { dash?: S72Asset; hls?: S72Asset; mp4?: S72Asset };
  /** The viewer's auth token. */
  authorization?: string;
  /** The play token of this playback session (play-page §3 "Stream": `play_token`). */
  playToken?: string;
  /**
   * The streams answer's `ad_tag` (play-page §3 "Stream"): a VAST or VMAP URL whose ads play in
   * the ads overlay (player-and-client §4 "Ad break"; README "Ads"). Absent or null: no ads.
   */
  adTag?: string | null;
  /**
   * `'ad'`: this content is an ad item of a playlist (play-page §3 "Playlist": `playback_mode`).
   * The player shows an "Ad" label in its title bar and the viewer cannot seek in it (the seek bar
   * is disabled, the seek shortcuts do nothing), so a must-view-once ad is watched to its end.
   */
  playbackMode?: 'ad' | null;
}

/** Licence server of one key system (player-and-client §3 "Player configuration": drm). */
export interface DrmServerConfig {
  licenseUrl: string;
}

/**
 * The storefront's restriction toggles (player-and-client §3 "Player configuration", §5; play-page
 * §9 "Restriction toggles"), applied by the player's engine choice. A blocked source is never
 * played; when restrictions leave nothing playable the player reports `invalid_source_for_device`.
 */
export interface S72Restrictions {
  /** Nothing plays in Firefox. */
  blockFirefox?: boolean;
  /** Widevine is not used on macOS (Safari's FairPlay and clear streams still play). */
  blockMacOSWidevine?: boolean;
  /** DRM content does not play on phones and tablets (clear streams still play). */
  blockMobileDrmContent?: boolean;
  /** False: no fullscreen on iPhone (the control is hidden, entry refused). Default true. */
  iphoneFullscreen?: boolean;
}

/** Player configuration (player-and-client §3 "Player configuration"). Every field is optional. */
export interface S72PlayerConfig {
  /**
   * Licence servers (player-and-client §3 "drm"; play-page §7 "DRM licences"). Widevine licence
   * requests get the browser's device id as the query `d` and fetch the service certificate from
   * `certificateUrl` (default: the licence URL, with `d`); FairPlay fetches its certificate from
   * `certificateUrl` (the play page uses `{licenseUrl}/cert`). `studioPolicy: true` applies the
   * software-secure limit (Widevine below security level 3 plays at most 719 lines,
   * player-and-client §5); the play token's `delpol: "studio"` does too.
   */
  drm?: {
    widevine?: DrmServerConfig & { certificateUrl?: string };
    playready?: DrmServerConfig;
    clearkey?: DrmServerConfig;
    fairplay?: DrmServerConfig & { certificateUrl?: string };
    studioPolicy?: boolean;
  };
  /** The storefront's restriction toggles (player-and-client §5; play-page §9). */
  restrictions?: S72Restrictions;
  /**
   * Manifest proxy (player-and-client §3 `manifestProxyServerUri`, §7 "Optional manifest proxy"):
   * every manifest and segment URL is requested as `{manifestProxyServerUri}?url={URL}`.
   */
  manifestProxyServerUri?: string;
  /** False disables seeking from the controls (play-page §2 `seeking`). Default true. */
  seeking?: boolean;
  /** True shows the playback-rate menu (play-page §2 `rates`). Default false. */
  playbackRates?: boolean;
  /**
   * False hides the fullscreen control and refuses fullscreen, the video's own
   * (`webkitEnterFullscreen`) included. The play page sets it from the `iphone_fullscreen` feature
   * toggle on iPhone (play-page §9 "Restriction toggles"). Default true.
   */
  fullscreen?: boolean;
  /** The title bar's title (catalogue text, shown as text; player-and-client §2 "Title bar"). */
  title?: string;
  /** The title bar's second line, e.g. "Season 1 · Episode 3". */
  subtitle?: string;
  /**
   * The title bar's back button goes here (player-and-client §3 "navigate-back URL"): an http(s) URL
   * or a path; anything else (e.g. `javascript:`) is ignored and the button hidden. Absent: no button.
   */
  navigateBackUrl?: string;
  /** False hides the subtitle-settings submenu (player-and-client §3 `showSubtitleSettings`). Default true. */
  showSubtitleSettings?: boolean;
  /**
   * End screen (player-and-client §4 "End screen"): shows when the last item is within `timingS`
   * seconds of its end (at least 1; play-page §9 default 20); for videos under 60 s, within 1 s.
   * `enabled: false` turns it off. Suggestions come from the element's `suggestions` property.
   * `orientation`: `landscape` (default) or `portrait` cards (play-page §9).
   */
  endScreen?: { timingS?: number; enabled?: boolean; orientation?: 'landscape' | 'portrait' };
  /**
   * Casting to a Google Cast receiver (player-and-client §3 "cast.playlist {baseUrl, authToken}",
   * §5 "Casting requires cast config enabled with an appId"; play-page §2 `cast`, §9 "Default cast
   * app id"). Off unless `enabled: true`; never on Safari, smart TVs or Firefox. `appId` defaults to
   * `DEFAULT_CAST_APP_ID`; `playlist` is what the receiver calls the storefront with (default: this
   * origin and the content's auth token). See README "Casting and AirPlay".
   */
  cast?: { enabled?: boolean; appId?: string; playlist?: { baseUrl?: string; authToken?: string } };
  /** False hides the AirPlay button (play-page §2 `airplay=false`). Default true. */
  airplay?: boolean;
  /** The cast error screens' manage-devices link (player-and-client §2, §3; default `/devices.html`). */
  manageDevicesUrl?: string;
  /** Preferred audio language, e.g. `fr` (player-and-client §3 "Player configuration"). */
  preferredAudioLanguage?: string;
  /**
   * Preferred audio role, e.g. `main`, `dub`, `description` (DASH `Role`); with the language, it
   * tells apart two tracks of one language (play-page §3 `lastSelectedAudioRoles`).
   */
  preferredAudioRole?: string;
  /** Preferred subtitle language (player-and-client §3 "Player configuration"). */
  preferredTextLanguage?: string;
  /** Delay before the buffering spinner shows, ms (play-page §9: 0.25 s). */
  spinnerDelayMs?: number;
  /**
   * Heartbeat (play-page §7 `POST /services/license/heartbeat`, player-and-client §5, §7): `POST uri`
   * with header `x-play-session` (the play token) every `intervalMs` while playing. The play page
   * sets it from the configuration (`heartbeat_frequency`, seconds). Absent: no heartbeat.
   */
  heartbeat?: { uri: string; intervalMs: number };
  /**
   * Player telemetry (QoE, player-and-client §3 "Telemetry post body", §5, §7): `POST uri` with
   * header `x-play-session` every `intervalMs` while playing (every 5000 ms while buffering). The
   * play page sets it from the configuration (`player_telemetry_uri`, `telemetry_frequency` in
   * seconds). Absent: no player telemetry.
   */
  telemetry?: { uri: string; intervalMs: number };
  /**
   * Live status (play-page §4 "Live events", player-and-client §3 "live.status"): for a live source,
   * `GET {statusBaseUrl}{slug}` every `pollIntervalMs` (default 15000). Absent on a live source: the
   * status is not polled and `live_stream_status_disabled` is reported (recoverable).
   */
  live?: { statusBaseUrl: string; pollIntervalMs?: number };
  /**
   * Request retries for manifests, segments and licences. Defaults: 5 attempts
   * (player-and-client §9 "Engine"), first retry after 500 ms, doubling, 10000 ms timeout
   * (`SHAKA_RETRY_PARAMETERS` in core/engine/shaka-engine.ts explains the numbers).
   */
  network?: {
    maxAttempts?: number;
    baseDelayMs?: number;
    /** Per-request timeout, ms; 0 = none. */
    timeoutMs?: number;
  };
}

/** Default licence paths of play-page §7 "DRM licences", relative to the storefront origin. */
export const DEFAULT_LICENSE_PATHS: Readonly<Record<DrmType, string>> = Object.freeze({
  widevine: '/services/license/widevine/cenc',
  playready: '/services/license/playready/cenc',
  fairplay: '/services/license/fairplay/cenc',
  clearkey: '/services/license/clearkey',
});

/** play-page §9 "Spinner delay 0.25 s", in ms. */
export const SPINNER_DELAY_MS = 250;

/**
 * What the player plays and how it is configured: the content (as read by the playback engine) and the player configuration. Framework-free (core layer).
 *
 * Units: media positions and durations in seconds; timers in milliseconds (`…Ms`).
 */

/** Key systems a stream may be protected with. `clearkey` is the W3C ClearKey system (demo, tests). */
export type DrmType = 'widevine' | 'playready' | 'fairplay' | 'clearkey';

// player-and-client §3 "Content"
/** One playable rendition set of a title, as read by the engine. */
export interface S72Asset {
  /** Manifest URL (DASH `.mpd`, HLS `.m3u8`) or progressive file URL (`.mp4`). */
  url: string;
  // play-page §3 "Stream"
  /** True for a live stream (`broadcast_id` present). */
  isLive?: boolean;
  /** Key systems the asset is encrypted for; empty or absent means clear. */
  drms?: readonly DrmType[];
}

// player-and-client §3 "Content"; play-page §6
/**
 * The content the element plays.
 *
 * Tokens: `authorization` is the viewer's auth token (sent as `x-auth-token`), `playToken` the play
 * token from the streams call (sent as `x-play-token` and preferred over the auth token).
 * Neither is ever written into an attribute, a URL, telemetry or a window message.
 */
export interface S72Content {
  // player-and-client §2
  /** Content slug, e.g. `/film/night-harbour`. */
  slug: string;
  title?: string;
  images?: { thumb?: string };
  assets: { dash?: S72Asset; hls?: S72Asset; mp4?: S72Asset };
  /** The viewer's auth token. */
  authorization?: string;
  // play-page §3 "Stream"
  /**
   * The play token of this playback session (`play_token`). The same token as `session.token`;
   * when both are set, this one is used.
   */
  playToken?: string;
  // player-and-client §3 "Content": session {token, uid, olv, delpol, tlmtry, s72usr}
  /**
   * The playback session, for pages that have it as an object (e.g. already decoded on their
   * server, or with a token the player cannot read). Not an object, or a field of the wrong type:
   * a recoverable `invalid_config` error, and that part is ignored. See {@link S72Session} for how
   * it combines with the play token.
   */
  session?: S72Session;
  // player-and-client §3 "Content": playlist {slug, mainContentStartTime}
  /**
   * The storefront playlist this content belongs to (e.g. a film played after its pre-roll ad
   * items). Not an object, a blank `slug` or a `mainContentStartTime` that is not a number of
   * seconds ≥ 0: a recoverable `invalid_config` error, and the playlist (or that field) is ignored.
   * See {@link S72Playlist}.
   */
  playlist?: S72Playlist;
  // play-page §3 "Stream"; player-and-client §4 "Ad break"
  /**
   * The streams answer's `ad_tag`: a VAST or VMAP URL whose ads play in
   * the ads overlay (README "Ads"). Absent or null: no ads.
   */
  adTag?: string | null;
  // play-page §3 "Playlist"
  /**
   * `'ad'`: this content is an ad item of a playlist (`playback_mode`).
   * The player shows an "Ad" label in its title bar and the viewer cannot seek in it (the seek bar
   * is disabled, the seek shortcuts do nothing), so a must-view-once ad is watched to its end.
   */
  playbackMode?: 'ad' | null;
  // issue 27 item 1
  /**
   * URL of a WebVTT storyboard for seek previews: one cue per thumbnail, whose text is the image URL
   * (relative to the storyboard), with a `#xywh=x,y,width,height` fragment for a tile of a sprite
   * image. Used when the stream has no thumbnail track of its own (a DASH image adaptation set or an
   * HLS image playlist); fetched the first time a preview is needed.
   */
  thumbnails?: string;
  // issue 27 item 2
  /**
   * Chapters files (WebVTT, cues of kind `chapters`: each cue's text is the chapter's title), one
   * per language. The player shows the chapters in its own language when a file has it, else the
   * first file's; chapters the stream itself carries (HLS `com.apple.hls.chapters` session data)
   * show too. They load after the first frame; a file that fails to load is left out.
   */
  chapters?: readonly S72ChaptersTrack[];
}

// player-and-client §3 "Content" session {token, uid, olv, delpol, tlmtry, s72usr}; §5 "The player-session token is decoded from its middle segment"
/**
 * The playback session (`S72Content.session`). Every field is optional.
 *
 * The player reads one session made of: the token in force (`updatePlayToken()`, else
 * `content.playToken`, else `session.token`), the fields decoded from that token's middle segment
 * when it is a readable `header.payload.signature` token, and, for every field the token does not
 * carry (or when it cannot be read), the field given here. The token's own fields win because the
 * storefront signed them and enforces them.
 */
export interface S72Session {
  /**
   * The play-session token: sent as `x-play-session` with the heartbeat, player telemetry and
   * live-status requests, and as `x-play-token` with licence requests.
   */
  token?: string;
  /** The viewer's id; drawn by the watermark when there is no `s72usr`. */
  uid?: string | number;
  /** A number the storefront puts in the session (`olv`); the player keeps it in `playSession` and does not act on it. */
  olv?: number;
  /**
   * The delivery policy. `"studio"` applies the software-secure limit (Widevine below security
   * level 3 plays at most 719 lines), as `config.drm.studioPolicy` does.
   */
  delpol?: string;
  /** `false` turns player telemetry off. Default true. */
  tlmtry?: boolean;
  /** The storefront user's id; drawn by the watermark over the video. */
  s72usr?: string | number;
}

// player-and-client §3 "Content" playlist {slug, mainContentStartTime}; §7 "Cast playlist start message"
/**
 * The storefront playlist a content belongs to (`S72Content.playlist`): the title whose playlist
 * plays (its ad items, then the title itself, the main content).
 *
 * - Casting hands the receiver the playlist, not the item: the start message names `slug`, and
 *   starts at `mainContentStartTime` while an item before the main content (e.g. an ad) plays
 *   locally, at the local position while the main content plays. The receiver's "now playing"
 *   (`s72-cast-change`, `nowPlaying.playlistSlug`) tells whether it plays this playlist. Casting a
 *   content with a playlist needs `config.embeddedPlayer: true` (else `bad_config`, nothing is cast).
 * - Played locally, the main content (the content whose `slug` is the playlist's `slug`) starts
 *   at `mainContentStartTime` unless the `start-time` attribute (`startTime`) says otherwise.
 */
export interface S72Playlist {
  /** The playlist's slug: the main content's slug, e.g. `/film/night-harbour`. */
  slug: string;
  /** Where the main content starts (resumes), seconds ≥ 0. Default 0. */
  mainContentStartTime?: number;
}

/** A chapters file of the content (`S72Content.chapters`). */
export interface S72ChaptersTrack {
  /** URL of a WebVTT chapters file. */
  url: string;
  /** Language of its titles (BCP 47, e.g. `en`, `ar`). */
  language?: string;
}

// player-and-client §3 "Player configuration"
/** Licence server of one key system (an entry of `drm`). */
export interface DrmServerConfig {
  licenseUrl: string;
}

// player-and-client §3 "Player configuration", §5; play-page §9 "Restriction toggles"
/**
 * The storefront's restriction toggles, applied by the player's engine choice. A blocked source is never
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

// player-and-client §3 "Player configuration"
/** Player configuration. Every field is optional. */
export interface S72PlayerConfig {
  // player-and-client §3 "drm"; play-page §7 "DRM licences"; player-and-client §5
  /**
   * Licence servers. Widevine licence
   * requests get the browser's device id as the query `d` and fetch the service certificate from
   * `certificateUrl` (default: the licence URL, with `d`); FairPlay fetches its certificate from
   * `certificateUrl` (the play page uses `{licenseUrl}/cert`). `studioPolicy: true` applies the
   * software-secure limit (Widevine below security level 3 plays at most 719 lines); the play token's `delpol: "studio"` does too.
   */
  drm?: {
    widevine?: DrmServerConfig & { certificateUrl?: string };
    playready?: DrmServerConfig;
    clearkey?: DrmServerConfig;
    fairplay?: DrmServerConfig & { certificateUrl?: string };
    studioPolicy?: boolean;
  };
  // player-and-client §5; play-page §9
  /** The storefront's restriction toggles. */
  restrictions?: S72Restrictions;
  // player-and-client §3 `manifestProxyServerUri`, §7 "Optional manifest proxy"
  /**
   * Manifest proxy:
   * every manifest and segment URL is requested as `{manifestProxyServerUri}?url={URL}`.
   */
  manifestProxyServerUri?: string;
  // play-page §2 `seeking`
  /** False disables seeking from the controls. Default true. */
  seeking?: boolean;
  // play-page §2 `rates`
  /** True shows the playback-rate menu. Default false. */
  playbackRates?: boolean;
  // play-page §9 "Restriction toggles"
  /**
   * False hides the fullscreen control and refuses fullscreen, the video's own
   * (`webkitEnterFullscreen`) included. The play page sets it from the `iphone_fullscreen` feature
   * toggle on iPhone. Default true.
   */
  fullscreen?: boolean;
  // player-and-client §2 "Title bar"
  /** The title bar's title (catalogue text, shown as text). */
  title?: string;
  /** The title bar's second line, e.g. "Season 1 · Episode 3". */
  subtitle?: string;
  // player-and-client §3 "navigate-back URL"
  /**
   * The title bar's back button goes here: an http(s) URL
   * or a path; anything else (e.g. `javascript:`) is ignored and the button hidden. Absent: no button.
   */
  navigateBackUrl?: string;
  // player-and-client §9 "Player version", "25% of 'experiment' users get the new player"
  /**
   * The rollout track the embedding page put this viewer on: `new` (the new player of a staged
   * rollout) or `current` (default). The version label reads "s72-player {version} (new)" and
   * player telemetry's `player` field "s72-player/{version}+new {engine}", so the two tracks can be
   * told apart. The hosted play page gives `new` to 25 % of the storefront's `experiment` group,
   * chosen by user id.
   */
  playerTrack?: 'new' | 'current';
  // player-and-client §3 `showSubtitleSettings`
  /** False hides the subtitle-settings submenu. Default true. */
  showSubtitleSettings?: boolean;
  // player-and-client §4 "End screen"; play-page §9
  /**
   * End screen: shows when the last item is within `timingS`
   * seconds of its end (at least 1; default 20); for videos under 60 s, within 1 s.
   * `enabled: false` turns it off. Suggestions come from the element's `suggestions` property.
   * `orientation`: `landscape` (default) or `portrait` cards.
   */
  endScreen?: { timingS?: number; enabled?: boolean; orientation?: 'landscape' | 'portrait' };
  // player-and-client §3 "cast.playlist {baseUrl, authToken}", §5 "Casting requires cast config enabled with an appId"; play-page §2 `cast`
  /**
   * Casting to a Google Cast receiver. Needs `enabled: true` and the receiver application's `appId`
   * (there is no default receiver); never on Safari, smart TVs or Firefox. Enabled without an
   * `appId`, or when the Cast sender script fails to load, the cast button shows disabled with the
   * reason ("Cast unavailable"). `playlist` is what the receiver calls the storefront with (default:
   * this origin and the content's auth token). See README "Casting and AirPlay".
   */
  cast?: { enabled?: boolean; appId?: string; playlist?: { baseUrl?: string; authToken?: string } };
  // player-and-client §3 "Player configuration" embeddedPlayer; §8 "badConfig when a playlist is loaded without the embedded player"
  /**
   * True when this player is the storefront's embedded player (its own play page, hosted or in an
   * iframe), whose cast receiver runs the storefront's playlists. Casting a content that has a
   * `playlist` needs it: without it the player reports the recoverable cast error `bad_config`
   * (`data.kind` `badConfig`) and casts nothing. Content without a playlist casts either way.
   * Default false. Not a boolean: a recoverable `invalid_config` error, and false is used.
   */
  embeddedPlayer?: boolean;
  // player-and-client §3 "Player configuration" shakaVersion
  /**
   * The shaka-player version the page expects: `"5"`, `"5.2"` or `"5.2.12"` (a leading `v` is
   * allowed). The player plays with the shaka it bundles; when that one is not of the version
   * asked for, it reports a recoverable `invalid_config` error naming both (`data.shakaVersion`,
   * `data.engineVersion`) when the source loads, and plays on. Not such a string: a recoverable
   * `invalid_config` error, and it is ignored.
   */
  shakaVersion?: string;
  // play-page §2 `airplay=false`
  /** False hides the AirPlay button. Default true. */
  airplay?: boolean;
  // player-and-client §2, §3
  /** The cast error screens' manage-devices link (default `/devices.html`). */
  manageDevicesUrl?: string;
  // player-and-client §3 "Player configuration"
  /** Preferred audio language, e.g. `fr`. */
  preferredAudioLanguage?: string;
  // play-page §3 `lastSelectedAudioRoles`
  /**
   * Preferred audio role, e.g. `main`, `dub`, `description` (DASH `Role`); with the language, it
   * tells apart two tracks of one language.
   */
  preferredAudioRole?: string;
  // player-and-client §3 "Player configuration"
  /** Preferred subtitle language. */
  preferredTextLanguage?: string;
  // play-page §9
  /** Delay before the buffering spinner shows, ms (0.25 s). */
  spinnerDelayMs?: number;
  // play-page §7 `POST /services/license/heartbeat`, player-and-client §5, §7
  /**
   * Heartbeat: `POST uri`
   * with header `x-play-session` (the play token) every `intervalMs` while playing. The play page
   * sets it from the configuration (`heartbeat_frequency`, seconds). Absent: no heartbeat.
   */
  heartbeat?: { uri: string; intervalMs: number };
  // player-and-client §3 "Telemetry post body", §5, §7
  /**
   * Player telemetry (QoE): `POST uri` with
   * header `x-play-session` every `intervalMs` while playing (every 5000 ms while buffering). The
   * play page sets it from the configuration (`player_telemetry_uri`, `telemetry_frequency` in
   * seconds). Absent: no player telemetry.
   */
  telemetry?: { uri: string; intervalMs: number };
  // play-page §4 "Live events", player-and-client §3 "live.status"
  /**
   * Live status: for a live source,
   * `GET {statusBaseUrl}{slug}` every `pollIntervalMs` (default 15000). Absent on a live source: the
   * status is not polled and `live_stream_status_disabled` is reported (recoverable).
   */
  live?: { statusBaseUrl: string; pollIntervalMs?: number };
  // player-and-client §9 "Engine"
  /**
   * Request retries for manifests, segments and licences. Defaults: 5 attempts, first retry after 500 ms, doubling, 10000 ms timeout
   * (`SHAKA_RETRY_PARAMETERS` in core/engine/shaka-engine.ts explains the numbers).
   */
  network?: {
    maxAttempts?: number;
    baseDelayMs?: number;
    /** Per-request timeout, ms; 0 = none. */
    timeoutMs?: number;
  };
}

/** Default licence paths of the storefront's DRM licence services, relative to the storefront origin. */
export const DEFAULT_LICENSE_PATHS: Readonly<Record<DrmType, string>> = Object.freeze({
  widevine: '/services/license/widevine/cenc',
  playready: '/services/license/playready/cenc',
  fairplay: '/services/license/fairplay/cenc',
  clearkey: '/services/license/clearkey',
});

/** Delay before the buffering spinner shows, in ms (0.25 s). */
export const SPINNER_DELAY_MS = 250;

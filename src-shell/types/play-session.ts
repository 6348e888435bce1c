/**
 * The play session (play-page §3 "Play session"), kept locally as `playSession`.
 * Shared by the play-session, play-flow and player features; built only by play-session.
 *
 * Units: `startTime` in seconds; `time` in epoch ms.
 */
export interface PlaySession {
  /** The parent slug whose metadata describes `itemToPlay` (film of a bonus, season of an episode). */
  item?: string;
  /** The slug to play, e.g. `/film/night-harbour`; the raw route path when it does not parse. */
  itemToPlay?: string;
  /** Start position in seconds (`t`). */
  startTime?: number;
  /** The viewer's auth token (`u`), trimmed. */
  authToken?: string;
  /** The play token (`p`), trimmed. */
  playToken?: string;
  /** Telemetry URL (`m`). */
  telemetryUrl?: string;
  /** When the session was built from an address, epoch ms. */
  time?: number;
  /** `nav=false` hides the navigation bar. Default true. */
  showNavbar: boolean;
  /**
   * Validated redirect URL (`from`, play-page §2): absolute, same origin or on the allow-list.
   * `null` means none (`from=` empty, or an invalid `from`, which is ignored); left out when `from`
   * is absent, which means the configured sign-in page (resolved by the play flow, which knows the
   * configuration).
   */
  redirectUrl?: string | null;
  userId?: string;
  /** Each false when its parameter is `false` (`airplay`, `cast`, `autoplay`, `seeking`). */
  airplayEnabled: boolean;
  castEnabled: boolean;
  autoplay: boolean;
  seekingEnabled: boolean;
  /** `rates=true` enables playback rates. Default false. */
  playbackRatesEnabled: boolean;
  lastSelectedAudioLanguage?: string;
  lastSelectedAudioRoles?: string[];
  lastSelectedTextLanguage?: string;
  lastSelectedTextType?: string;
  /** Sends `x-bypass-cache` on content calls (play-page §6). */
  bypassCache?: boolean;
}

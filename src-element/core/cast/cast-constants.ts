// player-and-client §9 "Cast", §7, §8
/**
 * Casting constants ("Default devices page /devices.html"). Framework-free.
 *
 * Units: every duration in milliseconds (`…Ms`).
 */

// §9
/** The status poll runs every 5 s while casting and the page is visible. */
export const CAST_STATUS_POLL_MS = 5_000;
// §9
/** Status requests are debounced 500 ms (a burst of triggers sends one request). */
export const CAST_STATUS_DEBOUNCE_MS = 500;
// §9
/** The receiver must answer a status request within 60 s… */
export const CAST_RECEIVER_STATUS_TIMEOUT_MS = 60_000;
/** …or within 10 s when a session is being resumed. */
export const CAST_RECEIVER_STATUS_RESUME_TIMEOUT_MS = 10_000;
// §9
/** The receiver-status timeout is re-checked at most every 10 s. */
export const CAST_RECEIVER_STATUS_RECHECK_MS = 10_000;
// §9
/** The sender SDK gets 30 s to load (`cast_sdk_not_loaded` after that). */
export const CAST_SDK_LOAD_TIMEOUT_MS = 30_000;
// §9
/** After a session resumes, its status is checked 1 s later. */
export const CAST_RESUME_CHECK_MS = 1_000;
// §9
/** Volume changes reach the receiver at most every 500 ms (the last one always does). */
export const CAST_VOLUME_THROTTLE_MS = 500;
/** The cast panel fades in this long after mount, ms. */
export const CAST_PANEL_FADE_MS = 200;

// player-and-client §7 "A cast sender script is loaded from the cast provider"
/**
 * The Google Cast sender SDK: the Web Sender framework URL Google documents. Loaded only when casting is enabled.
 */
export const CAST_SDK_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';

/** The default manage-devices page. */
export const DEFAULT_MANAGE_DEVICES_URL = '/devices.html';

// player-and-client §7
/** The status channel (`APP_STATUS?` with a requestId). Our receiver's namespace. */
export const CAST_STATUS_NAMESPACE = 'urn:x-cast:com.s72.cast.status';
// player-and-client §7
/** The media channel (`GET_STATUS`): the Cast media namespace. */
export const CAST_MEDIA_NAMESPACE = 'urn:x-cast:com.google.cast.media';

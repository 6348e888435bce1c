/** The play session (play-page §2, §3): public API for other features. */
export { preferencesFromTracks, TEXT_OFF, type ActiveTracks, type PlayPreferences } from './play-session.js';

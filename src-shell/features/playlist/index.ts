/** Playlists (play-page §3, §4, §5, §7): public API for the play flow. */
export * from './playlist.js';
export * from './playlist-run.js';
export * from './watched.js';

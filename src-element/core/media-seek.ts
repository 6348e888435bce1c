// player-and-client §5 "Seek"
/**
 * Seeking the media element when the engine may still move its playhead: a seek asked for before the media's metadata is kept and made once the metadata is in.
 *
 * Why: until `loadedmetadata` the element only keeps a position as its start position, and the
 * engine moves the playhead to *its* start position when the metadata arrives (shaka does in its
 * `loadedmetadata` listener, and retries for a while when the element's position is not the one it
 * set). A seek the viewer made meanwhile (a key press right after `s72-loaded`, a `currentTime`
 * set by the page) would be undone. Chromium raises `readyState` before it dispatches
 * `loadedmetadata`, so the event itself is watched (`watchMediaMetadata`), not only `readyState`.
 *
 * Framework-free. Positions in seconds.
 */

/** `HTMLMediaElement.HAVE_METADATA`. */
const HAVE_METADATA = 1;

/** Watched media elements: true once `loadedmetadata` was dispatched for the current source. */
const metadataDispatched = new WeakMap<HTMLMediaElement, boolean>();

/** The last seek asked for before the metadata, per media element (seconds). */
const pendingSeeks = new WeakMap<HTMLMediaElement, number>();

/**
 * Follows `media`'s `loadedmetadata` and `emptied` events (call once, when the element is made,
 * before any source); until then `seekMedia` falls back on `readyState`.
 */
export function watchMediaMetadata(media: HTMLMediaElement): void {
  if (metadataDispatched.has(media)) return;
  metadataDispatched.set(media, media.readyState >= HAVE_METADATA);
  media.addEventListener('loadedmetadata', () => metadataDispatched.set(media, true));
  media.addEventListener('emptied', () => metadataDispatched.set(media, false));
}

function hasMetadata(media: HTMLMediaElement): boolean {
  return metadataDispatched.get(media) ?? media.readyState >= HAVE_METADATA;
}

/**
 * Seeks `media` to `seconds` (already clamped by the caller): at once when the metadata is in;
 * otherwise kept, and made in a `loadedmetadata` listener added now, so after the engine's own
 * (added during the load). A new source (`emptied`) drops it; a later seek replaces it.
 */
export function seekMedia(media: HTMLMediaElement, seconds: number): void {
  if (hasMetadata(media)) {
    pendingSeeks.delete(media);
    media.currentTime = seconds;
    return;
  }
  if (!pendingSeeks.has(media)) {
    const listening = new AbortController();
    const settle = (apply: boolean) => {
      const target = pendingSeeks.get(media);
      pendingSeeks.delete(media);
      listening.abort();
      if (apply && target !== undefined) media.currentTime = target;
    };
    media.addEventListener('loadedmetadata', () => settle(true), { signal: listening.signal });
    media.addEventListener('emptied', () => settle(false), { signal: listening.signal });
  }
  pendingSeeks.set(media, seconds);
}

/**
 * The position of `media` as the viewer asked for it, in seconds: a seek still waiting for the
 * metadata, else `currentTime`. Relative seeks (keys, double taps) start here, so presses in a row
 * add up even before the metadata.
 */
export function mediaPosition(media: HTMLMediaElement): number {
  return pendingSeeks.get(media) ?? media.currentTime;
}

/** `HTMLMediaElement.HAVE_CURRENT_DATA`: the media has the frame at its position, a picture to show. */
export const HAVE_CURRENT_DATA = 2;

/** Whether `media` has a picture to show (the frame at its position is there). */
export function hasPicture(media: HTMLMediaElement | null | undefined): boolean {
  return (media?.readyState ?? 0) >= HAVE_CURRENT_DATA;
}

// player-and-client §5 "Play and pause act only when content is loaded with a duration"
/** Whether `media` has loaded a source with a duration (a positive number; Infinity for live). */
export function hasDuration(media: HTMLMediaElement | null | undefined): boolean {
  return Boolean(media) && media!.readyState >= 1 && media!.duration > 0;
}

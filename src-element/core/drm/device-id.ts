// play-page §7 "DRM licences"
/**
 * The stable per-browser device id of Widevine licence requests ("Widevine: /services/license/widevine/cenc with a device id query d"). A random UUID kept in
 * localStorage under {@link DEVICE_ID_KEY}; it identifies the browser, not the viewer, and carries no
 * token. Where storage is unavailable (private mode, blocked cookies) the id lives for the page.
 */

/** localStorage key of the device id. */
export const DEVICE_ID_KEY = 's72-player:device-id';

const VALID_ID = /^[A-Za-z0-9-]{8,64}$/;
let pageId: string | null = null;

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The device id: the stored one, or a new one (stored when storage allows). A stored value that is
 * not an id (hand-edited, another app's) is replaced.
 */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()): string {
  try {
    const stored = storage?.getItem(DEVICE_ID_KEY);
    if (stored && VALID_ID.test(stored)) return stored;
    const id = pageId ?? newId();
    storage?.setItem(DEVICE_ID_KEY, id);
    pageId = id;
    return id;
  } catch {
    pageId ??= newId();
    return pageId;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** `url` with the query parameter `d` set to the device id (replacing one already there). */
export function withDeviceId(url: string, id: string = deviceId()): string {
  try {
    const parsed = new URL(url);
    parsed.searchParams.set('d', id);
    return parsed.href;
  } catch {
    return url;
  }
}

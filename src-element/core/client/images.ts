// player-and-client §9 "Other config keys: image_root_path"
/**
 * Catalogue image addresses and the configuration's `image_root_path`: a relative `image_urls` entry (e.g. `feature/poster.jpg`) is
 * under the configured image root; an absolute (`https://…`, `//…`) or root-relative (`/…`) one is
 * used as it is.
 */
import type { Configuration } from './schemas.js';

/** The configuration key of the image root. */
export const IMAGE_ROOT_PATH_KEY = 'image_root_path';

/** The configured image root, or `undefined` when not set (or not a non-empty string). Pure. */
export function imageRootPath(config: Configuration | undefined): string | undefined {
  const value = config?.[IMAGE_ROOT_PATH_KEY];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/)/i;

/**
 * The address of a catalogue image: `url` under `root` when `url` is relative, else `url` itself.
 * Empty, `null` or absent → `undefined`. Pure.
 *
 * @example resolveImageUrl('feature/poster.jpg', 'https://img.example/media/') // 'https://img.example/media/feature/poster.jpg'
 */
export function resolveImageUrl(url: string | null | undefined, root: string | undefined): string | undefined {
  if (typeof url !== 'string' || url.trim() === '') return undefined;
  const path = url.trim();
  if (ABSOLUTE.test(path) || root === undefined) return path;
  return `${root.replace(/\/+$/, '')}/${path.replace(/^(?:\.\/)+/, '')}`;
}

/** `image_urls` with every entry resolved by {@link resolveImageUrl} (absent entries stay absent). Pure. */
export function resolveImageUrls<K extends string>(
  urls: Partial<Record<K, string | null | undefined>> | undefined,
  config: Configuration | undefined,
): Partial<Record<K, string>> {
  const root = imageRootPath(config);
  const out: Partial<Record<K, string>> = {};
  for (const [key, value] of Object.entries(urls ?? {}) as [K, string | null | undefined][]) {
    const resolved = resolveImageUrl(value, root);
    if (resolved !== undefined) out[key] = resolved;
  }
  return out;
}

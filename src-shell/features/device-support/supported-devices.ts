/**
 * `GET /supported-devices.json` (play-page §7): the matrix the `/device-support` route lists.
 * Shape: `{ browsers: [{ name, platforms: { 'Windows 11', 'Windows 10', macOS, iOS, Android, Linux } }] }`.
 */
import * as v from 'valibot';
import { request, type HttpOptions } from 's72-player/client';
import { MATRIX_PLATFORMS, type SupportLevel } from './device-support.js';

export const SUPPORTED_DEVICES_PATH = '/supported-devices.json';

/** An unknown level string is read as `no`; unknown platforms are kept (rendered after the known ones). */
const LevelSchema = v.pipe(
  v.unknown(),
  v.transform((value): SupportLevel => (value === 'yes' || value === 'maybe' ? value : 'no')),
);

export const SupportedDevicesSchema = v.object({
  browsers: v.array(
    v.object({
      name: v.string(),
      platforms: v.record(v.string(), LevelSchema),
    }),
  ),
});

export type SupportedDevices = v.InferOutput<typeof SupportedDevicesSchema>;

/**
 * Fetches the supported-devices list.
 * @throws {S72Error} any error of `request()`; a body of another shape is `malformed_response`.
 */
export function fetchSupportedDevices(http: HttpOptions, signal?: AbortSignal): Promise<SupportedDevices> {
  return request(http, { path: SUPPORTED_DEVICES_PATH, signal }, SupportedDevicesSchema);
}

/** The table's columns: the known platforms in matrix order, then any others the server lists. Pure. */
export function platformColumns(devices: SupportedDevices): string[] {
  const extra = new Set<string>();
  for (const browser of devices.browsers) {
    for (const name of Object.keys(browser.platforms)) {
      if (!(MATRIX_PLATFORMS as readonly string[]).includes(name)) extra.add(name);
    }
  }
  return [...MATRIX_PLATFORMS, ...extra];
}

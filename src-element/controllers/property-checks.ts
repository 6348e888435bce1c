/**
 * The element's property checks, run from `willUpdate` with the properties that changed: what
 * `<s72-player>` reports as `invalid_config` (then ignores), and the end-screen suggestions it keeps.
 * Pure functions of the host's properties, so the element's update stays a list of steps.
 */
import { readConfig } from '../core/config.js';
import { playerConfigProblems, playlistProblems } from '../core/content-playlist.js';
import { DRM_TYPES, isDrmType } from '../core/engine/key-systems.js';
import type { S72Error } from '../core/errors.js';
import { sessionProblems } from '../core/session/play-session.js';
import type { S72Content } from '../core/types.js';
import type { S72Suggestion } from '../core/ui/ui-state.js';
import { invalidConfig } from './engine-controller.js';

/** The properties the checks read, as the element holds them (any value a page can assign). */
export interface CheckedProperties {
  readonly config: unknown;
  readonly content: S72Content | null;
  readonly keySystem: string | null;
}

// player-and-client §3 "Player configuration" (embeddedPlayer, shakaVersion), §3 "Content" (session, playlist)
/**
 * The `invalid_config` errors (recoverable) for the properties in `changed`:
 * - `config` that is not an object, and its `embeddedPlayer` / `shakaVersion` problems;
 * - `content.session` and `content.playlist` of the wrong shape;
 * - a `key-system` outside `clearkey`, `widevine`, `playready`, `fairplay`.
 */
export function propertyProblems(host: CheckedProperties, changed: { has(key: string): boolean }): S72Error[] {
  const problems: S72Error[] = [];
  if (changed.has('config')) {
    const config = readConfig(host.config);
    if (!config) problems.push(invalidConfig('config must be an object (an S72PlayerConfig)'));
    for (const problem of playerConfigProblems((config ?? {}) as Record<string, unknown>)) problems.push(invalidConfig(problem.message, problem.data));
  }
  if (changed.has('content')) {
    for (const message of [...sessionProblems(host.content?.session), ...playlistProblems(host.content?.playlist)]) problems.push(invalidConfig(message));
  }
  if (changed.has('keySystem') && host.keySystem !== null && !isDrmType(host.keySystem)) {
    problems.push(
      invalidConfig(`key-system must be one of ${DRM_TYPES.join(', ')}; got "${String(host.keySystem)}" (any supported key system is used)`, {
        keySystem: String(host.keySystem),
        allowed: [...DRM_TYPES],
      }),
    );
  }
  return problems;
}

/** The suggestions the end screen can show: those with a string `slug` and `title`; a non-array gives none. */
export function usableSuggestions(value: unknown): S72Suggestion[] {
  const list: readonly Partial<S72Suggestion>[] = Array.isArray(value) ? value : [];
  return list.filter((item): item is S72Suggestion => typeof item?.slug === 'string' && typeof item.title === 'string');
}

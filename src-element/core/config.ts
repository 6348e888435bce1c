// player-and-client §3 "Player configuration"
/**
 * Reading the player configuration from the page.
 * Bad input is never thrown: the `config` attribute's JSON and the `config` property are checked
 * here, and the player reports anything that is not an object as a recoverable `invalid_config`
 * and plays with the defaults. Framework-free.
 */
import type { S72PlayerConfig } from './types.js';

/** Marks a `config` attribute whose JSON could not be read (the raw text is kept for the report). */
const INVALID = Symbol('invalid config attribute');

/** Lit attribute converter for `config`: JSON object → config; anything else → an invalid marker. */
export const configAttributeConverter = {
  fromAttribute(value: string | null): S72PlayerConfig {
    if (!value) return {};
    try {
      const parsed: unknown = JSON.parse(value);
      if (isPlainObject(parsed)) return parsed as S72PlayerConfig;
    } catch {
      // reported by the player
    }
    return { [INVALID]: value } as S72PlayerConfig;
  },
};

/** The configuration to use for `value`, or null when `value` is not a configuration object. */
export function readConfig(value: unknown): S72PlayerConfig | null {
  return isPlainObject(value) && !(INVALID in value) ? (value as S72PlayerConfig) : null;
}

function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// player-and-client §5 "iPhone fullscreen can be blocked by a restriction"; play-page §9
/**
 * Whether the configuration lets the player go fullscreen on this device: not with
 * `fullscreen: false`, nor on an iPhone with the `restrictions.iphoneFullscreen: false` toggle. Pure.
 */
export function fullscreenAllowed(config: Pick<S72PlayerConfig, 'fullscreen' | 'restrictions'> | undefined, iphone: boolean): boolean {
  if (config?.fullscreen === false) return false;
  return !(iphone && config?.restrictions?.iphoneFullscreen === false);
}

// issue 23 (code a start does not need loads on demand); player-and-client §8
import { S72Error, moduleLoadFailed } from '../core/errors.js';

/**
 * The error for an optional part of the player (a string table, the end screen) whose code failed
 * to download: a recoverable `module_load_failed`, since the film plays on without it.
 */
export function optionalModuleFailed(error: unknown, what: string, data: Readonly<Record<string, unknown>> = {}): S72Error {
  const failure = moduleLoadFailed(error, what);
  return new S72Error(failure.code, failure.message, {
    category: failure.category,
    severity: 'recoverable',
    data: { ...failure.data, ...data },
    cause: error,
  });
}

/**
 * Loads ua-parser-js 1.x (a UMD script) in every environment we run in.
 *
 * Evaluated as a plain ES module (the test runner serves it as-is) it has no exports and assigns
 * `window.UAParser`; a bundler that wraps it as CommonJS (Vite) gives us its exports instead. Both
 * work, as for shaka (src-element/core/engine/shaka-lib.ts).
 */
import * as uaParserModule from 'ua-parser-js';

export type UAParserCtor = typeof import('ua-parser-js');
export type UAResult = import('ua-parser-js').IResult;

function resolveUAParser(): UAParserCtor {
  const fromModule = uaParserModule as unknown as { default?: unknown; UAParser?: unknown };
  const candidates = [
    fromModule.UAParser,
    fromModule.default,
    (fromModule.default as { UAParser?: unknown } | undefined)?.UAParser,
    (globalThis as { UAParser?: unknown }).UAParser,
  ];
  for (const candidate of candidates) {
    if (typeof candidate === 'function') return candidate as UAParserCtor;
  }
  throw new Error('ua-parser-js did not load: neither its exports nor window.UAParser hold it');
}

let ctor: UAParserCtor | undefined;

/** Parses a user-agent string with ua-parser-js. Pure. */
export function parseUA(userAgent: string): UAResult {
  ctor ??= resolveUAParser();
  return new ctor(userAgent).getResult();
}

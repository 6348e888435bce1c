/**
 * Loads ua-parser-js 1.x (a UMD script) in every environment we run in.
 *
 * Evaluated as a plain ES module (the test runner serves it as-is) it has no exports and assigns
 * `window.UAParser`; a bundler that wraps it as CommonJS (Vite) gives us its exports instead. Both
 * work, as for shaka (src-element/core/engine/shaka-lib.ts).
 */
import * as uaParserModule from 'ua-parser-js';

export type UAParserCtor = typeof import('ua-parser-js');

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

/** What the device check reads from a user agent. */
export interface UAFacts {
  browser: import('ua-parser-js').IBrowser;
  os: import('ua-parser-js').IOS;
  /** Empty for a desktop system (see {@link parseUA}). */
  device: Partial<import('ua-parser-js').IDevice>;
}

/** Desktop systems as ua-parser-js names them: no device model or type the check reads. */
const DESKTOP_OS = new Set(['Windows', 'Mac OS', 'macOS', 'Chromium OS', 'Linux', 'Ubuntu', 'Debian', 'Fedora', 'Arch', 'Mint', 'openSUSE', 'Gentoo', 'FreeBSD']);

/**
 * Parses a user-agent string with ua-parser-js: browser and OS always, the device only when the
 * OS is not a desktop one or the UA says mobile, tablet or TV. The device regexes are about ¾ of
 * ua-parser's time (tens of ms on the play page's start-up path, issue 12) and find nothing on a
 * desktop UA. Pure.
 */
export function parseUA(userAgent: string): UAFacts {
  ctor ??= resolveUAParser();
  const parser = new ctor(userAgent);
  const os = parser.getOS();
  const desktop = DESKTOP_OS.has(os.name ?? '') && !/mobile|tablet|\btv\b|smart-?tv/i.test(userAgent);
  return { browser: parser.getBrowser(), os, device: desktop ? {} : parser.getDevice() };
}

// player-and-client §4 "Engine choice", §5 "Validation rules"; play-page §9 "Restriction toggles"
/**
 * The few facts about the browser and device that the engine choice and the restriction toggles
 * need, read from the user agent. Pure: {@link platformOf} takes the strings, so every row of
 * the engine-choice table can name its browser.
 *
 * The element does not bundle a user-agent parser (the play page uses ua-parser-js for its device
 * matrix): these are the five questions it asks, and the answers need a few patterns only.
 */

/** What the player needs to know about where it runs. */
export interface PlatformFacts {
  /** Apple's WebKit plays HLS natively here: Safari on macOS, and every browser on iOS / iPadOS. */
  readonly appleWebKit: boolean;
  readonly ios: boolean;
  readonly macos: boolean;
  readonly firefox: boolean;
  /** A phone or tablet (iOS, iPadOS, Android, or a `Mobile` user agent). */
  readonly mobile: boolean;
  /** An iPhone or iPod (the `iphoneFullscreen` restriction). */
  readonly iphone: boolean;
}

/**
 * Reads {@link PlatformFacts} from a user agent. iPadOS presents itself as macOS: a `Macintosh`
 * user agent with touch points (`maxTouchPoints > 1`) is an iPad.
 */
export function platformOf(userAgent: string, maxTouchPoints = 0): PlatformFacts {
  const iphone = /\b(?:iPhone|iPod)\b/.test(userAgent);
  const ios = iphone || /\biPad\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
  const macos = !ios && /\bMac OS X\b|\bMacintosh\b/.test(userAgent);
  const firefox = /\bFirefox\/|\bFxiOS\//.test(userAgent);
  const safariOnMac = macos && /AppleWebKit\//.test(userAgent) && !/\b(?:Chrome|Chromium|Edg|OPR|Firefox)\//.test(userAgent);
  return {
    appleWebKit: ios || safariOnMac,
    ios,
    macos,
    firefox,
    mobile: ios || /\bAndroid\b|\bMobile\b/.test(userAgent),
    iphone,
  };
}

/** {@link PlatformFacts} of this browser (none on a server: every fact false). */
export function currentPlatform(): PlatformFacts {
  if (typeof navigator === 'undefined') return platformOf('');
  return platformOf(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

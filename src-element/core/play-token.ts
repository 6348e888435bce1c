// player-and-client §3 "Content"; §5 "The player-session token is decoded from its middle segment"
/**
 * Reading the play token (`session {token, uid, olv, delpol,
 * tlmtry, s72usr}`). The token
 * is a JWT-like `header.payload.signature`; only the payload (base64url JSON) is read, never
 * verified (the storefront verifies it). Framework-free.
 */

/** The fields of a play token's payload the player reads; every field is optional. */
export interface PlayTokenPayload {
  /** Session id. */
  token?: string;
  uid?: number | string;
  olv?: number;
  delpol?: string;
  // player-and-client §5
  /** False (or `0`, `"false"`) turns player telemetry off. */
  tlmtry?: boolean | number | string;
  s72usr?: number | string;
  /** Expiry, epoch seconds. */
  exp?: number;
}

/**
 * Decodes the middle segment of a play token. Returns null for a blank or malformed token (never
 * throws): anything but three dot-separated segments whose middle one is base64url JSON of an object.
 */
export function decodePlayToken(token: string | null | undefined): PlayTokenPayload | null {
  const parts = token?.trim().split('.');
  if (parts?.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as PlayTokenPayload) : null;
  } catch {
    return null;
  }
}

// player-and-client §5
/**
 * False when the play token says telemetry is off (`tlmtry` false, `0` or `"false"`); true otherwise, also for a token that cannot be decoded.
 */
export function telemetryAllowed(token: string | null | undefined): boolean {
  const flag = decodePlayToken(token)?.tlmtry;
  return !(flag === false || flag === 0 || flag === 'false' || flag === '0');
}

// player-and-client §7 "Embedded player"; play-page §7 "DRM licences"; play-page §8
/**
 * FairPlay Streaming for native HLS: the certificate fetched as an arraybuffer from the certificate URL (default
 * `/services/license/fairplay/cenc/cert`), the licence `POST`ed as the form body `spc=…` with the
 * licence headers (`x-play-token`, else `x-auth-token`), and the key unwrapped from `<ckc>…</ckc>`.
 *
 * Two paths, chosen by what the browser has (`KeySystemSupport.api`, core/drm/capabilities.ts):
 * - modern EME (`com.apple.fps`): `MediaKeys` with the server certificate, a session per
 *   `encrypted` event (`sinf` / `skd` init data);
 * - the legacy WebKit API (`com.apple.fps.1_0`, Safari before modern EME): `WebKitMediaKeys`, a
 *   session per `webkitneedkey` event, its init data built from the event's, the content id (the
 *   `skd://` URI) and the certificate, as Apple's FairPlay sample does.
 *
 * Failures are mapped by the engine error table (map-engine-error.ts) from shaka-shaped errors, so
 * a FairPlay licence 403 becomes `license_{reason}`, any other licence failure
 * `license_request_failure`, a certificate failure `drm_failed`, each with the HTTP status and the
 * request id of the response.
 */
import type { S72Error } from '../errors.js';
import { ShakaCode, mapEngineError, type EngineErrorLike } from '../engine/map-engine-error.js';
import type { KeySystemSupport } from './capabilities.js';

/** Shaka's request types, for the error table (`shaka.net.NetworkingEngine.RequestType`). */
const REQUEST_TYPE_LICENSE = 2;
const REQUEST_TYPE_SERVER_CERTIFICATE = 5;
/** `shaka.util.Error.Code.INVALID_SERVER_CERTIFICATE`. */
const INVALID_SERVER_CERTIFICATE = 6004;

export interface FairPlayOptions {
  certificateUrl: string;
  licenseUrl: string;
  /** The licence headers in force (read at each request: a fresh play token applies at once). */
  headers(): Readonly<Record<string, string>>;
  /** A failure after `start()` resolved (a licence exchange), already mapped. */
  onError(error: S72Error): void;
}

/** The legacy WebKit EME surface (Safari before modern EME), structurally. */
interface WebKitKeySession extends EventTarget {
  update(key: Uint8Array): void;
  close?(): void;
}
interface WebKitKeys {
  createSession(type: string, initData: Uint8Array): WebKitKeySession;
}
interface WebKitVideo extends HTMLVideoElement {
  webkitKeys?: WebKitKeys | null;
  webkitSetMediaKeys?(keys: WebKitKeys | null): void;
}
type WebKitKeysConstructor = new (keySystem: string) => WebKitKeys;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text.trim()), (char) => char.charCodeAt(0));
}

function headersObject(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => (result[name] = value));
  return result;
}

/** A shaka-shaped HTTP failure (`BAD_HTTP_STATUS` or `HTTP_ERROR`) for the error table. */
function httpError(url: string, requestType: number, response?: { status: number; body: string; headers: Record<string, string> }): EngineErrorLike {
  return response
    ? { category: 1, code: ShakaCode.BAD_HTTP_STATUS, severity: 2, data: [url, response.status, response.body, response.headers, requestType] }
    : { category: 1, code: ShakaCode.HTTP_ERROR, severity: 2, data: [url, requestType] };
}

/** The `<ckc>` payload of a FairPlay licence response, decoded; null when there is none. */
export function unwrapCkc(body: string): Uint8Array<ArrayBuffer> | null {
  const match = /<ckc>([\s\S]*?)<\/ckc>/i.exec(body);
  if (!match?.[1]?.trim()) return null;
  try {
    return fromBase64(match[1]);
  } catch {
    return null;
  }
}

/** The content id of FairPlay init data: the `skd://` URI it carries (UTF-16 or UTF-8), without the scheme. */
export function contentIdOf(initData: Uint8Array): string {
  const utf16 = new TextDecoder('utf-16le').decode(initData);
  const utf8 = new TextDecoder().decode(initData);
  const match = /skd:\/\/([^\s\0]+)/.exec(utf16) ?? /skd:\/\/([^\s\0]+)/.exec(utf8);
  return match?.[1] ?? '';
}

/**
 * The legacy init data layout of Apple's sample: `[initData][u32 id length][id as UTF-16LE][u32
 * certificate length][certificate]`, lengths little-endian.
 */
export function legacyInitData(initData: Uint8Array, contentId: string, certificate: Uint8Array): Uint8Array {
  const id = new Uint8Array(contentId.length * 2);
  for (let i = 0; i < contentId.length; i++) new DataView(id.buffer).setUint16(i * 2, contentId.charCodeAt(i), true);
  const out = new Uint8Array(initData.length + 4 + id.length + 4 + certificate.length);
  const view = new DataView(out.buffer);
  let offset = 0;
  out.set(initData, offset);
  offset += initData.length;
  view.setUint32(offset, id.length, true);
  offset += 4;
  out.set(id, offset);
  offset += id.length;
  view.setUint32(offset, certificate.length, true);
  offset += 4;
  out.set(certificate, offset);
  return out;
}

/** FairPlay for one `<video>`: {@link FairPlayDrm.start} before setting `src`, {@link FairPlayDrm.destroy} after. */
export class FairPlayDrm {
  private certificate: Uint8Array<ArrayBuffer> | null = null;
  private mediaKeys: MediaKeys | null = null;
  private readonly sessions = new Set<{ close?(): unknown }>();
  private readonly abort = new AbortController();

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly support: KeySystemSupport,
    private readonly options: FairPlayOptions,
  ) {}

  /**
   * Fetches the certificate and prepares the key system; licences are then requested as the media
   * asks for keys.
   * @throws S72Error `drm_failed` when the certificate cannot be fetched or the key system set up.
   */
  async start(): Promise<void> {
    this.certificate = await this.fetchCertificate();
    const { signal } = this.abort;
    if (this.support.api === 'webkit') {
      this.video.addEventListener('webkitneedkey', (event) => this.onLegacyNeedKey(event), { signal });
      return;
    }
    try {
      const access = await navigator.requestMediaKeySystemAccess(this.support.keySystem, [
        { initDataTypes: ['sinf', 'skd'], videoCapabilities: [{ contentType: 'application/vnd.apple.mpegurl', robustness: '' }] },
      ]);
      this.mediaKeys = await access.createMediaKeys();
      await this.mediaKeys.setServerCertificate(this.certificate);
      await this.video.setMediaKeys(this.mediaKeys);
    } catch (error) {
      throw mapEngineError({ category: 6, code: ShakaCode.FAILED_TO_CREATE_CDM, severity: 2, data: [String(error)], message: String(error) });
    }
    this.video.addEventListener('encrypted', (event) => void this.onEncrypted(event as MediaEncryptedEvent), { signal });
  }

  /** Closes every session and releases the keys. Never rejects. */
  async destroy(): Promise<void> {
    this.abort.abort();
    await Promise.all([...this.sessions].map(async (session) => session.close?.()));
    this.sessions.clear();
    if (this.mediaKeys) await this.video.setMediaKeys(null).catch(() => undefined);
    (this.video as WebKitVideo).webkitSetMediaKeys?.(null);
    this.mediaKeys = null;
  }

  private async fetchCertificate(): Promise<Uint8Array<ArrayBuffer>> {
    const url = this.options.certificateUrl;
    const failure = (cause: EngineErrorLike) =>
      mapEngineError({ category: 6, code: INVALID_SERVER_CERTIFICATE, severity: 2, data: [cause], message: 'FairPlay certificate request failed' });
    let response: Response;
    try {
      response = await fetch(url, { headers: { ...this.options.headers() }, signal: this.abort.signal });
    } catch {
      throw failure(httpError(url, REQUEST_TYPE_SERVER_CERTIFICATE));
    }
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      throw failure(httpError(url, REQUEST_TYPE_SERVER_CERTIFICATE, { status: response.status, body, headers: headersObject(response.headers) }));
    }
    return new Uint8Array(await response.arrayBuffer());
  }

  /**
   * One licence exchange: `POST` `spc={base64}` (form body) with the licence headers; the `<ckc>`
   * payload of the answer. Throws the mapped error.
   */
  private async requestLicence(spc: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
    const url = this.options.licenseUrl;
    const failure = (cause: EngineErrorLike) =>
      mapEngineError({ category: 6, code: ShakaCode.LICENSE_REQUEST_FAILED, severity: 2, data: [cause], message: 'FairPlay licence request failed' });
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...this.options.headers() },
        body: new URLSearchParams({ spc: base64(spc) }).toString(),
        signal: this.abort.signal,
      });
    } catch {
      throw failure(httpError(url, REQUEST_TYPE_LICENSE));
    }
    const body = await response.text().catch(() => '');
    const headers = headersObject(response.headers);
    if (!response.ok) throw failure(httpError(url, REQUEST_TYPE_LICENSE, { status: response.status, body, headers }));
    const ckc = unwrapCkc(body);
    // A 200 without a key: the licence server's answer cannot be used (`license_request_failure`).
    if (!ckc) throw failure(httpError(url, REQUEST_TYPE_LICENSE, { status: 0, body, headers }));
    return ckc;
  }

  private async onEncrypted(event: MediaEncryptedEvent): Promise<void> {
    if (!this.mediaKeys || !event.initData) return;
    const session = this.mediaKeys.createSession();
    this.sessions.add(session);
    session.addEventListener(
      'message',
      (message) => void this.answer(new Uint8Array((message as MediaKeyMessageEvent).message), (ckc) => session.update(ckc)),
      { signal: this.abort.signal },
    );
    try {
      await session.generateRequest(event.initDataType, event.initData);
    } catch (error) {
      this.fail({ category: 6, code: ShakaCode.FAILED_TO_GENERATE_LICENSE_REQUEST, severity: 2, data: [String(error)] });
    }
  }

  private onLegacyNeedKey(event: Event): void {
    const video = this.video as WebKitVideo;
    const initData = (event as Event & { initData?: Uint8Array }).initData;
    const Keys = (globalThis as { WebKitMediaKeys?: WebKitKeysConstructor }).WebKitMediaKeys;
    if (!initData || !Keys || !this.certificate) return;
    try {
      if (!video.webkitKeys) video.webkitSetMediaKeys?.(new Keys(this.support.keySystem));
      const keys = video.webkitKeys;
      if (!keys) throw new Error('WebKitMediaKeys were not attached');
      const session = keys.createSession('video/mp4', legacyInitData(initData, contentIdOf(initData), this.certificate));
      this.sessions.add(session);
      session.addEventListener(
        'webkitkeymessage',
        (message) => void this.answer(new Uint8Array((message as Event & { message: Uint8Array }).message), (ckc) => session.update(ckc)),
        { signal: this.abort.signal },
      );
      session.addEventListener('webkitkeyerror', () => this.fail({ category: 6, code: ShakaCode.LICENSE_RESPONSE_REJECTED, severity: 2 }), {
        signal: this.abort.signal,
      });
    } catch (error) {
      this.fail({ category: 6, code: ShakaCode.FAILED_TO_CREATE_CDM, severity: 2, data: [String(error)], message: String(error) });
    }
  }

  private async answer(spc: Uint8Array, update: (ckc: Uint8Array<ArrayBuffer>) => unknown): Promise<void> {
    try {
      const ckc = await this.requestLicence(spc);
      if (this.abort.signal.aborted) return;
      await update(ckc);
    } catch (error) {
      if (this.abort.signal.aborted) return;
      if (error && typeof error === 'object' && 'code' in error && typeof (error as S72Error).code === 'string') {
        this.options.onError(error as S72Error);
      } else {
        this.fail({ category: 6, code: ShakaCode.LICENSE_RESPONSE_REJECTED, severity: 2, data: [String(error)] });
      }
    }
  }

  private fail(error: EngineErrorLike): void {
    if (!this.abort.signal.aborted) this.options.onError(mapEngineError(error));
  }
}

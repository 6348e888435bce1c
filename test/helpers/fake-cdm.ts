/**
 * A fake CDM for the key systems Chromium does not have here (Widevine, PlayReady, FairPlay),
 * behind the real EME interfaces, installed only by tests (issue 11; DEVELOPERS.md "Fakes only where
 * the real thing cannot exist here"):
 *
 * - `navigator.requestMediaKeySystemAccess` grants the configured key systems, honouring the
 *   robustness strings each accepts (so the player's robustness probe sees real answers); every
 *   other key system (ClearKey) goes to Chromium's real CDM;
 * - `MediaKeySystemAccess`, `MediaKeys` (`createSession`, `setServerCertificate`) and
 *   `MediaKeySession` (an `EventTarget` with `generateRequest`, `update`, `close`, `keyStatuses`,
 *   and real `MediaKeyMessageEvent` `message` / `keystatuseschange` events);
 * - `navigator.mediaCapabilities.decodingInfo` with a `keySystemConfiguration` (how shaka asks
 *   for a key system) answers with a fake `keySystemAccess` for these key systems;
 * - `HTMLMediaElement.prototype.setMediaKeys` / `mediaKeys` accept the fake keys (the element
 *   cannot decrypt with them: playback stalls after the licence exchange, which is what the tests
 *   check);
 * - the legacy WebKit API (`WebKitMediaKeys`, `webkitSetMediaKeys`, `webkitkeymessage`) for
 *   FairPlay on older Safari, when asked for.
 *
 * It speaks the demo licence format of the storefront (demo/server/drm.ts): the licence request
 * (challenge, SPC) is JSON `{"kids": [base64url]}` with the key ids read from the init data (`cenc`
 * PSSH boxes, `keyids` JSON, or a FairPlay `skd://{key id hex}` URI); the licence (CKC) is JSON
 * `{"keySystem", "kids"}`, after which those keys are `usable`.
 */

export interface FakeKeySystem {
  /** Video robustness strings this CDM grants (`''` is always granted). */
  robustness?: readonly string[];
}

export interface FakeSessionRecord {
  keySystem: string;
  initDataType: string;
  /** Key ids (base64url) the licence request asked for. */
  kids: string[];
  /** The licence responses given to `update()`, decoded as text. */
  updates: string[];
  /** Key statuses after the last update. */
  statuses: Map<string, MediaKeyStatus>;
  closed: boolean;
}

export interface FakeCdm {
  /** Every `requestMediaKeySystemAccess` call: key system and whether it was granted. */
  readonly accessRequests: { keySystem: string; robustness: string[]; granted: boolean }[];
  /** Server certificates set on fake `MediaKeys`, as text. */
  readonly serverCertificates: string[];
  readonly sessions: FakeSessionRecord[];
  /** Restores the real EME. */
  uninstall(): void;
}

const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const hexToBytes = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/** Key ids of `cenc` init data: every PSSH box of version 1 lists its KIDs. */
function kidsOfPssh(data: Uint8Array): string[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const kids: string[] = [];
  for (let offset = 0; offset + 8 <= data.length; ) {
    const size = view.getUint32(offset);
    if (size < 8 || offset + size > data.length) break;
    const type = String.fromCharCode(...data.subarray(offset + 4, offset + 8));
    if (type === 'pssh' && data[offset + 8] === 1) {
      const count = view.getUint32(offset + 28);
      for (let i = 0; i < count; i++) kids.push(toBase64Url(data.subarray(offset + 32 + i * 16, offset + 48 + i * 16)));
    }
    offset += size;
  }
  return kids;
}

/** Key ids of init data of any supported type (see the module comment). */
export function kidsOfInitData(initDataType: string, data: Uint8Array): string[] {
  if (initDataType === 'cenc') return kidsOfPssh(data);
  if (initDataType === 'keyids') return (JSON.parse(new TextDecoder().decode(data)) as { kids: string[] }).kids;
  const text = new TextDecoder('utf-16le').decode(data) + new TextDecoder().decode(data);
  const hex = /skd:\/\/([0-9a-fA-F]{32})/.exec(text)?.[1];
  return hex ? [toBase64Url(hexToBytes(hex))] : [];
}

class FakeKeyStatusMap {
  constructor(private readonly map: Map<string, MediaKeyStatus>) {}
  get size(): number {
    return this.map.size;
  }
  has(keyId: BufferSource): boolean {
    return this.map.has(toBase64Url(new Uint8Array(ArrayBuffer.isView(keyId) ? keyId.buffer : keyId)));
  }
  get(keyId: BufferSource): MediaKeyStatus | undefined {
    return this.map.get(toBase64Url(new Uint8Array(ArrayBuffer.isView(keyId) ? keyId.buffer : keyId)));
  }
  forEach(callback: (status: MediaKeyStatus, keyId: ArrayBuffer) => void): void {
    for (const [kid, status] of this.map) {
      const bytes = Uint8Array.from(atob(kid.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      callback(status, bytes.buffer);
    }
  }
}

class FakeSession extends EventTarget {
  readonly sessionId = `fake-${Math.random().toString(36).slice(2)}`;
  readonly expiration = NaN;
  readonly closed: Promise<MediaKeySessionClosedReason>;
  private resolveClosed!: (reason: MediaKeySessionClosedReason) => void;
  private statusMap = new Map<string, MediaKeyStatus>();
  onmessage = null;
  onkeystatuseschange = null;

  constructor(private readonly record: FakeSessionRecord) {
    super();
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
  }

  get keyStatuses(): FakeKeyStatusMap {
    return new FakeKeyStatusMap(this.statusMap);
  }

  async generateRequest(initDataType: string, initData: BufferSource): Promise<void> {
    const bytes = new Uint8Array(ArrayBuffer.isView(initData) ? initData.buffer.slice(initData.byteOffset, initData.byteOffset + initData.byteLength) : initData);
    this.record.initDataType = initDataType;
    this.record.kids = kidsOfInitData(initDataType, bytes);
    const message = new TextEncoder().encode(JSON.stringify({ kids: this.record.kids })).buffer;
    setTimeout(() => this.dispatchEvent(new MediaKeyMessageEvent('message', { messageType: 'license-request', message })), 0);
  }

  async update(response: BufferSource): Promise<void> {
    const text = new TextDecoder().decode(response);
    this.record.updates.push(text);
    let licence: { keySystem?: string; kids?: string[] };
    try {
      licence = JSON.parse(text) as typeof licence;
    } catch {
      throw new TypeError('The fake CDM cannot read this licence');
    }
    for (const kid of licence.kids ?? []) this.statusMap.set(kid, 'usable');
    this.record.statuses = new Map(this.statusMap);
    setTimeout(() => this.dispatchEvent(new Event('keystatuseschange')), 0);
  }

  async load(): Promise<boolean> {
    return false;
  }

  async remove(): Promise<void> {
    this.statusMap.clear();
  }

  async close(): Promise<void> {
    this.record.closed = true;
    this.resolveClosed('closed-by-application');
  }
}

/**
 * The installed fake's records. Shaka caches `decodingInfo` answers (with their
 * `keySystemAccess`) for the page, so keys created through an earlier install record here too.
 */
let active: { serverCertificates: string[]; sessions: FakeSessionRecord[] } | null = null;

class FakeMediaKeys {
  constructor(
    private readonly keySystem: string,
    private readonly installed: { serverCertificates: string[]; sessions: FakeSessionRecord[] },
  ) {}
  private get cdm() {
    return active ?? this.installed;
  }
  createSession(): FakeSession {
    const record: FakeSessionRecord = { keySystem: this.keySystem, initDataType: '', kids: [], updates: [], statuses: new Map(), closed: false };
    this.cdm.sessions.push(record);
    return new FakeSession(record);
  }
  async setServerCertificate(certificate: BufferSource): Promise<boolean> {
    this.cdm.serverCertificates.push(new TextDecoder().decode(certificate));
    return true;
  }
  getStatusForPolicy(): Promise<MediaKeyStatus> {
    return Promise.resolve('usable');
  }
}

/**
 * Installs the fake CDM for `keySystems` (key-system string → what it grants).
 * @param options.legacyWebKit also installs the legacy `WebKitMediaKeys` API for `com.apple.fps.1_0`.
 */
export function installFakeCdm(keySystems: Readonly<Record<string, FakeKeySystem>>, options: { legacyWebKit?: boolean } = {}): FakeCdm {
  const realRequest = navigator.requestMediaKeySystemAccess;
  const proto = HTMLMediaElement.prototype;
  const realSetMediaKeys = proto.setMediaKeys;
  const realMediaKeys = Object.getOwnPropertyDescriptor(proto, 'mediaKeys')!;
  const fakeKeysOf = new WeakMap<HTMLMediaElement, FakeMediaKeys>();
  const realDecodingInfo = navigator.mediaCapabilities.decodingInfo;
  const cdm: FakeCdm = {
    accessRequests: [],
    serverCertificates: [],
    sessions: [],
    uninstall() {
      if (active === cdm) active = null;
      Object.defineProperty(navigator, 'requestMediaKeySystemAccess', { value: realRequest, configurable: true, writable: true });
      proto.setMediaKeys = realSetMediaKeys;
      Object.defineProperty(proto, 'mediaKeys', realMediaKeys);
      Object.defineProperty(navigator.mediaCapabilities, 'decodingInfo', { value: realDecodingInfo, configurable: true, writable: true });
      delete (globalThis as { WebKitMediaKeys?: unknown }).WebKitMediaKeys;
      delete (proto as { webkitSetMediaKeys?: unknown }).webkitSetMediaKeys;
    },
  };

  active = cdm;
  const request = async (keySystem: string, configs: MediaKeySystemConfiguration[]): Promise<MediaKeySystemAccess> => {
    const grants = keySystems[keySystem];
    const asked = configs.flatMap((config) => (config.videoCapabilities ?? []).map((capability) => capability.robustness ?? ''));
    if (!grants) {
      if (keySystem === 'org.w3.clearkey') return realRequest.call(navigator, keySystem, configs);
      cdm.accessRequests.push({ keySystem, robustness: asked, granted: false });
      throw new DOMException(`${keySystem} is not supported (fake CDM)`, 'NotSupportedError');
    }
    const accepted = new Set(['', ...(grants.robustness ?? [])]);
    const config = configs.find((candidate) => (candidate.videoCapabilities ?? []).every((capability) => accepted.has(capability.robustness ?? '')));
    cdm.accessRequests.push({ keySystem, robustness: asked, granted: Boolean(config) });
    if (!config) throw new DOMException(`${keySystem}: robustness not supported (fake CDM)`, 'NotSupportedError');
    return {
      keySystem,
      getConfiguration: () => config,
      createMediaKeys: async () => new FakeMediaKeys(keySystem, cdm) as unknown as MediaKeys,
    } as MediaKeySystemAccess;
  };
  Object.defineProperty(navigator, 'requestMediaKeySystemAccess', { value: request, configurable: true, writable: true });
  const decodingInfo = async (configuration: MediaDecodingConfiguration): Promise<MediaCapabilitiesDecodingInfo> => {
    const keySystemConfiguration = (configuration as { keySystemConfiguration?: Record<string, unknown> }).keySystemConfiguration;
    const keySystem = typeof keySystemConfiguration?.['keySystem'] === 'string' ? keySystemConfiguration['keySystem'] : null;
    if (!keySystem || keySystem === 'org.w3.clearkey') return realDecodingInfo.call(navigator.mediaCapabilities, configuration);
    const { keySystemConfiguration: _drop, ...clear } = configuration as MediaDecodingConfiguration & { keySystemConfiguration?: unknown };
    const codecs = await realDecodingInfo.call(navigator.mediaCapabilities, clear);
    const video = keySystemConfiguration?.['video'] as { robustness?: string } | undefined;
    const initDataType = typeof keySystemConfiguration?.['initDataType'] === 'string' ? keySystemConfiguration['initDataType'] : 'cenc';
    try {
      if (!codecs.supported) throw new Error('codec');
      const keySystemAccess = await request(keySystem, [
        { initDataTypes: [initDataType], videoCapabilities: [{ contentType: configuration.video?.contentType ?? 'video/mp4', robustness: video?.robustness ?? '' }] },
      ]);
      return { ...codecs, supported: true, keySystemAccess } as MediaCapabilitiesDecodingInfo;
    } catch {
      return { supported: false, smooth: false, powerEfficient: false, keySystemAccess: null } as MediaCapabilitiesDecodingInfo;
    }
  };
  Object.defineProperty(navigator.mediaCapabilities, 'decodingInfo', { value: decodingInfo, configurable: true, writable: true });
  proto.setMediaKeys = function (this: HTMLMediaElement, keys: MediaKeys | null): Promise<void> {
    if (keys instanceof FakeMediaKeys) {
      fakeKeysOf.set(this, keys);
      return Promise.resolve();
    }
    fakeKeysOf.delete(this);
    return realSetMediaKeys.call(this, keys);
  };
  Object.defineProperty(proto, 'mediaKeys', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return (fakeKeysOf.get(this) as unknown as MediaKeys | undefined) ?? realMediaKeys.get!.call(this);
    },
  });

  if (options.legacyWebKit) {
    const legacyKeys = new WeakMap<HTMLMediaElement, unknown>();
    class WebKitMediaKeys {
      static isTypeSupported(keySystem: string): boolean {
        return keySystem === 'com.apple.fps.1_0';
      }
      constructor(readonly keySystem: string) {}
      createSession(_type: string, initData: Uint8Array): EventTarget & { update(key: Uint8Array): void; close(): void } {
        const record: FakeSessionRecord = {
          keySystem: this.keySystem,
          initDataType: 'legacy',
          kids: kidsOfInitData('skd', initData),
          updates: [],
          statuses: new Map(),
          closed: false,
        };
        cdm.sessions.push(record);
        const session = Object.assign(new EventTarget(), {
          update(key: Uint8Array) {
            const text = new TextDecoder().decode(key);
            record.updates.push(text);
            for (const kid of (JSON.parse(text) as { kids: string[] }).kids) record.statuses.set(kid, 'usable');
            session.dispatchEvent(new Event('webkitkeyadded'));
          },
          close() {
            record.closed = true;
          },
        });
        const message = new TextEncoder().encode(JSON.stringify({ kids: record.kids }));
        setTimeout(() => session.dispatchEvent(Object.assign(new Event('webkitkeymessage'), { message })), 0);
        return session;
      }
    }
    Object.assign(globalThis, { WebKitMediaKeys });
    Object.defineProperty(proto, 'webkitSetMediaKeys', {
      configurable: true,
      value(this: HTMLMediaElement, keys: unknown) {
        legacyKeys.set(this, keys);
        Object.defineProperty(this, 'webkitKeys', { configurable: true, value: keys });
      },
    });
  }
  return cdm;
}

// player-and-client §4 "DRM"; issue 26
/**
 * ClearKey for DASH manifests that do not signal it. Packagers for commercial DRM often list only
 * Widevine and PlayReady `ContentProtection` elements (and the common `mp4protection` one with the
 * key id) and put no W3C common PSSH box in the init segments. The CENC content decrypts with
 * ClearKey all the same when the page names that key system and its licence server; shaka,
 * however, offers the CDM only the key systems the manifest lists, and fails with 6001.
 *
 * When the page names ClearKey:
 * - {@link addClearKeySignalling} (a manifest preprocessor) adds a ClearKey `ContentProtection`
 *   element wherever content protection is signalled without it, so ClearKey is offered; shaka then
 *   builds its initialisation data from the manifest's `cenc:default_KID`;
 * - {@link clearKeyInitData} (an init-data transform) gives the CDM a W3C common PSSH box with the
 *   key ids shaka knows (from the manifest, or read from the init segment's `tenc` box) when the
 *   initialisation data the media carries has none it could read (only other systems' PSSH boxes).
 */

/** The XML node shape of shaka's manifest preprocessor (`shaka.extern.xml.Node`). */
export interface ManifestNode {
  tagName: string;
  attributes: Record<string, string>;
  children: Array<ManifestNode | string>;
  parent: ManifestNode | null;
}

/** Scheme of the ClearKey `ContentProtection` element (DASH-IF). */
export const CLEARKEY_SCHEME = 'urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e';
/** Scheme of the W3C common PSSH `ContentProtection` element (ClearKey reads it too). */
export const COMMON_PSSH_SCHEME = 'urn:uuid:1077efec-c0b2-4d02-ace3-3c1e52e2fb4b';
const MP4_PROTECTION_SCHEME = 'urn:mpeg:dash:mp4protection:2011';
/** W3C common PSSH system id. */
const COMMON_SYSTEM_ID = [0x10, 0x77, 0xef, 0xec, 0xc0, 0xb2, 0x4d, 0x02, 0xac, 0xe3, 0x3c, 0x1e, 0x52, 0xe2, 0xfb, 0x4b];

const isElement = (node: ManifestNode | string): node is ManifestNode => typeof node !== 'string';
const scheme = (node: ManifestNode) => (node.attributes['schemeIdUri'] ?? '').toLowerCase();

/**
 * Adds `<ContentProtection schemeIdUri="urn:uuid:e2719d58-…" value="ClearKey1.0"/>` to every
 * AdaptationSet or Representation that signals content protection with neither ClearKey nor the
 * W3C common PSSH. Changes `mpd` in place (shaka's preprocessor contract).
 */
export function addClearKeySignalling(mpd: ManifestNode): void {
  const visit = (node: ManifestNode): void => {
    const protections = node.children.filter(isElement).filter((child) => child.tagName === 'ContentProtection');
    const signalled = protections.some((child) => scheme(child) === CLEARKEY_SCHEME || scheme(child) === COMMON_PSSH_SCHEME);
    // Only where a key system (not only the mp4protection element) is named: with mp4protection
    // alone, shaka already offers every key system it knows.
    if (!signalled && protections.some((child) => scheme(child) !== MP4_PROTECTION_SCHEME)) {
      const at = node.children.indexOf(protections[protections.length - 1]!) + 1;
      node.children.splice(at, 0, { tagName: 'ContentProtection', attributes: { schemeIdUri: CLEARKEY_SCHEME, value: 'ClearKey1.0' }, children: [], parent: node });
    }
    for (const child of node.children) if (isElement(child) && child.tagName !== 'ContentProtection') visit(child);
  };
  visit(mpd);
}

/** A version-1 W3C common `pssh` box listing `keyIdsHex` (32 hex digits each). */
export function commonPsshBox(keyIdsHex: readonly string[]): Uint8Array {
  const size = 32 + 16 * keyIdsHex.length + 4;
  const box = new Uint8Array(size);
  const view = new DataView(box.buffer);
  view.setUint32(0, size);
  box.set([0x70, 0x73, 0x73, 0x68], 4); // 'pssh'
  view.setUint32(8, 0x01000000); // version 1, flags 0
  box.set(COMMON_SYSTEM_ID, 12);
  view.setUint32(28, keyIdsHex.length);
  keyIdsHex.forEach((hex, index) => {
    for (let i = 0; i < 16; i++) box[32 + index * 16 + i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  });
  view.setUint32(32 + 16 * keyIdsHex.length, 0); // no data
  return box;
}

/** Whether CENC initialisation data (a run of `pssh` boxes) holds a W3C common PSSH box. */
export function hasCommonPssh(initData: Uint8Array): boolean {
  const view = new DataView(initData.buffer, initData.byteOffset, initData.byteLength);
  let at = 0;
  while (at + 28 <= initData.byteLength) {
    const size = view.getUint32(at);
    if (size < 28 || at + size > initData.byteLength) return false;
    if (COMMON_SYSTEM_ID.every((byte, i) => initData[at + 12 + i] === byte)) return true;
    at += size;
  }
  return false;
}

/**
 * Initialisation data for a ClearKey session: `initData` as is, unless it is CENC data without a
 * W3C common PSSH box and the key ids are known (`drmInfo.keyIds`, hex); then a common PSSH box
 * listing them. Other key systems' data is left to `fallback` (shaka's own transform).
 */
export function clearKeyInitData(
  initData: Uint8Array,
  initDataType: string,
  drmInfo: { keySystem: string; keyIds?: Set<string> | null } | null,
  fallback: (initData: Uint8Array, initDataType: string, drmInfo: unknown) => Uint8Array,
): Uint8Array {
  if (drmInfo?.keySystem !== 'org.w3.clearkey' || initDataType !== 'cenc') return fallback(initData, initDataType, drmInfo);
  const keyIds = [...(drmInfo.keyIds ?? [])].filter((id) => /^[0-9a-f]{32}$/i.test(id));
  if (keyIds.length === 0 || hasCommonPssh(initData)) return initData;
  return commonPsshBox(keyIds);
}

/**
 * Which source to play and with which engine: player-and-client §4 "Engine choice" ("FairPlay
 * native HLS is preferred on Apple devices unless DASH is usable; otherwise DASH; otherwise MP4;
 * otherwise error content_not_supported") and §5 ("DASH is playable only if a URL exists, required
 * browser features exist …; DRM content needs playready or widevine support"). Framework-free.
 */
import { S72Error } from '../errors.js';
import { DEFAULT_LICENSE_PATHS, type DrmType, type S72Asset, type S72Content, type S72PlayerConfig } from '../types.js';
import type { EngineDrmServer, EngineLoader, EngineSource, SourceKind } from './engine.js';

/** Everything that says what to play: the `content` property, or the plain-HTML attributes. */
export interface SourceInput {
  content: S72Content | null;
  /** `src` attribute: a manifest or file URL. */
  src?: string | null;
  /** `license-url` attribute. */
  licenseUrl?: string | null;
  /** `key-system` attribute; when absent, every EME key system gets `licenseUrl`. */
  keySystem?: DrmType | null;
  /** `auth-token` attribute (the `content.authorization` of plain HTML). */
  authToken?: string | null;
  config: S72PlayerConfig;
  /** Base for relative URLs (the document's base URI). */
  baseUrl: string;
}

const EME_KEY_SYSTEMS: readonly DrmType[] = ['widevine', 'playready', 'clearkey'];
const DRM_TYPES: ReadonlySet<string> = new Set(['widevine', 'playready', 'fairplay', 'clearkey']);
const KIND_ORDER: readonly SourceKind[] = ['dash', 'hls', 'mp4'];

/** Guesses the kind of a bare URL from its path: `.mpd` DASH, `.m3u8` HLS, anything else MP4. */
export function kindOfUrl(url: string): SourceKind {
  const path = url.split(/[?#]/, 1)[0]!.toLowerCase();
  if (path.endsWith('.mpd')) return 'dash';
  if (path.endsWith('.m3u8')) return 'hls';
  return 'mp4';
}

/** True for a DRM name we know (`widevine`, `playready`, `fairplay`, `clearkey`). */
export function isDrmType(value: unknown): value is DrmType {
  return typeof value === 'string' && DRM_TYPES.has(value);
}

function absolute(url: string, baseUrl: string): string {
  try {
    return new URL(url, baseUrl).href;
  } catch {
    return url;
  }
}

/**
 * The candidate sources in preference order (DASH, HLS, MP4), each with its licence servers and
 * licence headers. Returns `[]` when there is nothing to play yet.
 */
export function resolveSources(input: SourceInput): EngineSource[] {
  const assets: Partial<Record<SourceKind, S72Asset>> = input.content
    ? input.content.assets
    : input.src
      ? {
          [kindOfUrl(input.src)]: {
            url: input.src,
            // `license-url` without `key-system`: let the engine pick any EME key system.
            drms: input.licenseUrl ? (input.keySystem ? [input.keySystem] : EME_KEY_SYSTEMS) : [],
          },
        }
      : {};

  const servers: Partial<Record<DrmType, EngineDrmServer>> = {};
  const configured = input.config.drm ?? {};
  for (const drm of DRM_TYPES as ReadonlySet<DrmType>) {
    const fromConfig = configured[drm];
    if (fromConfig?.licenseUrl) {
      servers[drm] = {
        licenseUrl: absolute(fromConfig.licenseUrl, input.baseUrl),
        ...('certificateUrl' in fromConfig && fromConfig.certificateUrl
          ? { certificateUrl: absolute(fromConfig.certificateUrl, input.baseUrl) }
          : {}),
      };
    }
  }
  if (input.licenseUrl) {
    const systems = input.keySystem ? [input.keySystem] : EME_KEY_SYSTEMS;
    for (const drm of systems) servers[drm] ??= { licenseUrl: absolute(input.licenseUrl, input.baseUrl) };
  }

  // A play token is preferred over the auth token (play-page §6).
  const playToken = input.content?.playToken?.trim();
  const authToken = (input.content?.authorization ?? input.authToken ?? '').trim();
  const licenseHeaders: Record<string, string> = playToken
    ? { 'x-play-token': playToken }
    : authToken
      ? { 'x-auth-token': authToken }
      : {};

  const sources: EngineSource[] = [];
  for (const kind of KIND_ORDER) {
    const asset = assets[kind];
    if (!asset?.url) continue;
    const drms = (asset.drms ?? []).filter(isDrmType);
    sources.push({
      kind,
      url: absolute(asset.url, input.baseUrl),
      isLive: Boolean(asset.isLive),
      drms,
      drmServers: servers,
      licenseHeaders,
      ...(input.config.network ? { network: { ...input.config.network } } : {}),
      ...(input.config.preferredAudioLanguage ? { preferredAudioLanguage: input.config.preferredAudioLanguage } : {}),
      ...(input.config.preferredTextLanguage ? { preferredTextLanguage: input.config.preferredTextLanguage } : {}),
    });
  }
  return sources;
}

/**
 * The first candidate an engine can play: for DRM content only key systems with a licence server
 * count. Throws `S72Error('content_not_supported')` (category `manifest`) when none can be played.
 */
export function chooseEngine(
  candidates: readonly EngineSource[],
  loaders: readonly EngineLoader[],
): { loader: EngineLoader; source: EngineSource } {
  for (const source of candidates) {
    const drms = source.drms.filter((drm) => source.drmServers[drm]?.licenseUrl);
    if (source.drms.length > 0 && drms.length === 0) continue;
    const loader = loaders.find((candidate) => candidate.canPlay(source.kind, drms));
    if (loader) return { loader, source: { ...source, drms } };
  }
  throw new S72Error('content_not_supported', 'No engine in this browser can play any of the sources', {
    category: 'manifest',
    data: { kinds: candidates.map((source) => source.kind) },
  });
}

/** Default licence URLs of play-page §7 on a storefront origin, for the key systems given. */
export function defaultDrmConfig(origin: string, drms: readonly DrmType[]): NonNullable<S72PlayerConfig['drm']> {
  const drm: NonNullable<S72PlayerConfig['drm']> = {};
  for (const type of drms) {
    const licenseUrl = new URL(DEFAULT_LICENSE_PATHS[type], origin).href;
    if (type === 'fairplay') drm.fairplay = { licenseUrl, certificateUrl: `${licenseUrl}/cert` };
    else drm[type] = { licenseUrl };
  }
  return drm;
}

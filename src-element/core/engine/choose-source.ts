/**
 * Which source to play and with which engine: player-and-client §4 "Engine choice" ("FairPlay
 * native HLS is preferred on Apple devices unless DASH is usable; otherwise DASH; otherwise MP4;
 * otherwise error content_not_supported") and §5 ("DASH is playable only if a URL exists, required
 * browser features exist …; DRM content needs playready or widevine support"); play-page §4 step 6
 * "Get the streams".
 *
 * One rule set, {@link chooseSource}, serves both callers:
 * - the element picks an engine source from the content (`resolveSources` + `chooseEngine`);
 * - the play page picks a stream from the streams answer (`chooseStream` in the shell).
 *
 * Framework-free.
 */
import { S72Error } from '../errors.js';
import { DEFAULT_LICENSE_PATHS, type DrmType, type S72Asset, type S72Content, type S72PlayerConfig } from '../types.js';
import type { EngineDrmServer, EngineLoader, EngineSource, SourceKind } from './engine.js';
import { DRM_TYPES, EME_DRM_TYPES, isDrmType, normaliseDrmName } from './key-systems.js';

export { isDrmType } from './key-systems.js';

/** Preference order of the source kinds (player-and-client §4; play-page §4): DASH, HLS, MP4. */
export const SOURCE_KIND_ORDER: readonly SourceKind[] = Object.freeze(['dash', 'hls', 'mp4'] as const);

/** How {@link chooseSource} reads one kind of candidate, and what can play here. */
export interface SourceChoiceRules<C, P> {
  /** The candidate's kind, or `undefined` when it cannot be played at all (no URL, unknown format). */
  kindOf(candidate: C): SourceKind | undefined;
  /** The DRM names the candidate declares, as written (`'Widevine'`, `'none'`, unknown names…). */
  drmsOf(candidate: C): readonly string[] | undefined;
  /** Whether a licence server is configured for `drm` (for this candidate). */
  hasLicenceServer(drm: DrmType, candidate: C): boolean;
  /** Whether this browser can use `drm` for `kind`. Default: yes (the player decides). */
  supportsDrm?(drm: DrmType, kind: SourceKind): boolean;
  /** Something that can play `kind` with these key systems here (an engine loader, `true`), else `undefined`. */
  playerFor(kind: SourceKind, drms: readonly DrmType[]): P | undefined;
}

/** What {@link chooseSource} picked. */
export interface SourceChoice<C, P> {
  candidate: C;
  kind: SourceKind;
  /** The candidate's key systems that can be used here; empty for a clear candidate. */
  drms: DrmType[];
  /** What `playerFor` answered. */
  player: P;
}

/**
 * The shared source rules (player-and-client §4, §5; play-page §4 step 6). Pure.
 *
 * 1. Kinds in {@link SOURCE_KIND_ORDER} (DASH, then HLS, then MP4); candidates of one kind in the
 *    order given.
 * 2. Declared DRM names are trimmed and lower-cased; `''` and `'none'` mean clear.
 * 3. A DRM of a candidate is usable only when it is a DRM we know, has a licence server, is
 *    supported here, and, for FairPlay, the candidate is HLS (FairPlay needs native HLS).
 * 4. A candidate that declares DRM but has no usable one is skipped (never played as clear).
 * 5. The first candidate something can play (`playerFor`) with its usable DRMs wins.
 *
 * @returns The choice, or `undefined` when nothing fits (callers report `content_not_supported`).
 */
export function chooseSource<C, P>(candidates: readonly C[], rules: SourceChoiceRules<C, P>): SourceChoice<C, P> | undefined {
  for (const kind of SOURCE_KIND_ORDER) {
    for (const candidate of candidates) {
      if (rules.kindOf(candidate) !== kind) continue;
      const declared = (rules.drmsOf(candidate) ?? []).map(normaliseDrmName).filter((d): d is string => d !== undefined);
      const drms = declared.filter(
        (drm): drm is DrmType =>
          isDrmType(drm) &&
          (drm !== 'fairplay' || kind === 'hls') &&
          rules.hasLicenceServer(drm, candidate) &&
          (rules.supportsDrm?.(drm, kind) ?? true),
      );
      if (declared.length > 0 && drms.length === 0) continue;
      const player = rules.playerFor(kind, drms);
      if (player !== undefined) return { candidate, kind, drms, player };
    }
  }
  return undefined;
}

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

/** Guesses the kind of a bare URL from its path: `.mpd` DASH, `.m3u8` HLS, anything else MP4. */
export function kindOfUrl(url: string): SourceKind {
  const path = url.split(/[?#]/, 1)[0]!.toLowerCase();
  if (path.endsWith('.mpd')) return 'dash';
  if (path.endsWith('.m3u8')) return 'hls';
  return 'mp4';
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
            drms: input.licenseUrl ? (input.keySystem ? [input.keySystem] : EME_DRM_TYPES) : [],
          },
        }
      : {};

  const servers: Partial<Record<DrmType, EngineDrmServer>> = {};
  const configured = input.config.drm ?? {};
  for (const drm of DRM_TYPES) {
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
    const systems = input.keySystem ? [input.keySystem] : EME_DRM_TYPES;
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
  for (const kind of SOURCE_KIND_ORDER) {
    const asset = assets[kind];
    if (!asset?.url) continue;
    const drms = (asset.drms ?? []).map(normaliseDrmName).filter(isDrmType);
    sources.push({
      kind,
      url: absolute(asset.url, input.baseUrl),
      isLive: Boolean(asset.isLive),
      drms,
      drmServers: servers,
      licenseHeaders,
      ...(input.config.network ? { network: { ...input.config.network } } : {}),
      ...(input.config.preferredAudioLanguage ? { preferredAudioLanguage: input.config.preferredAudioLanguage } : {}),
      ...(typeof input.config.preferredAudioRole === 'string' && input.config.preferredAudioRole.trim()
        ? { preferredAudioRole: input.config.preferredAudioRole.trim() }
        : {}),
      ...(input.config.preferredTextLanguage ? { preferredTextLanguage: input.config.preferredTextLanguage } : {}),
    });
  }
  return sources;
}

/**
 * The first candidate an engine can play, by the shared rules of {@link chooseSource}: for DRM
 * content only key systems with a licence server count, and only those are passed on. Throws
 * `S72Error('content_not_supported')` (category `manifest`) when none can be played.
 */
export function chooseEngine(
  candidates: readonly EngineSource[],
  loaders: readonly EngineLoader[],
): { loader: EngineLoader; source: EngineSource } {
  const choice = chooseSource(candidates, {
    kindOf: (source) => source.kind,
    drmsOf: (source) => source.drms,
    hasLicenceServer: (drm, source) => Boolean(source.drmServers[drm]?.licenseUrl),
    playerFor: (kind, drms) => loaders.find((candidate) => candidate.canPlay(kind, drms)),
  });
  if (choice) return { loader: choice.player, source: { ...choice.candidate, drms: choice.drms } };
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

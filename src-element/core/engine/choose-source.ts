/**
 * Which source to play and with which engine: "FairPlay
 * native HLS is preferred on Apple devices unless DASH is usable; otherwise DASH; otherwise MP4;
 * otherwise error content_not_supported"; "DASH is playable only if a URL exists, required
 * browser features exist …; DRM content needs playready or widevine support".
 *
 * One rule set, {@link chooseSource}, serves both callers:
 * - the element picks an engine source from the content (`resolveSources` + `chooseEngine`);
 * - the play page picks a stream from the streams answer (`chooseStream` in the shell).
 *
 * Framework-free.
 */
import { HARDWARE_SECURE_LEVEL, type DeviceFacts } from '../drm/capabilities.js';
import { withDeviceId } from '../drm/device-id.js';
import type { PlatformFacts } from '../drm/platform.js';
import { S72Error } from '../errors.js';
import { resolvePlaySession, sessionStudioPolicy } from '../session/play-session.js';
import {
  DEFAULT_LICENSE_PATHS,
  type DrmType,
  type S72Asset,
  type S72Content,
  type S72PlayerConfig,
  type S72Restrictions,
} from '../types.js';
import type { EngineDrmServer, EngineLoader, EngineSource, SourceKind } from './engine.js';
import { DRM_TYPES, EME_DRM_TYPES, isDrmType, normaliseDrmName } from './key-systems.js';

export { isDrmType } from './key-systems.js';
export type { DeviceFacts } from '../drm/capabilities.js';

// player-and-client §4; play-page §4
/** Preference order of the source kinds: DASH, HLS, MP4. */
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

// player-and-client §4, §5
/**
 * The shared source rules. Pure.
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
  // play-page §7; issue 12
  /**
   * The browser's device id: Widevine licence and certificate URLs get it as `d`. A
   * function is called only when a Widevine server is configured (reading the id touches
   * localStorage, a synchronous cost on the start-up path).
   */
  deviceId?: string | (() => string);
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
  // Widevine (play-page §7): the device id as `d`, and the service certificate from the same path.
  const widevine = servers.widevine;
  const id = widevine ? (typeof input.deviceId === 'function' ? input.deviceId() : input.deviceId) : undefined;
  if (widevine && id) {
    const licenseUrl = withDeviceId(widevine.licenseUrl, id);
    servers.widevine = { licenseUrl, certificateUrl: widevine.certificateUrl ? withDeviceId(widevine.certificateUrl, id) : licenseUrl };
  }
  const studioPolicy = input.config.drm?.studioPolicy === true || sessionStudioPolicy(resolvePlaySession(input.content?.playToken, input.content?.session));
  const manifestProxy = typeof input.config.manifestProxyServerUri === 'string' && input.config.manifestProxyServerUri.trim()
    ? absolute(input.config.manifestProxyServerUri.trim(), input.baseUrl)
    : undefined;

  // A play token is preferred over the auth token (play-page §6).
  const playToken = input.content?.playToken?.trim();
  const authToken = (input.content?.authorization ?? input.authToken ?? '').trim();
  const licenseHeaders: Record<string, string> = playToken
    ? { 'x-play-token': playToken }
    : authToken
      ? { 'x-auth-token': authToken }
      : {};

  // issue 27 item 1: a storyboard given in the content
  const storyboard = typeof input.content?.thumbnails === 'string' && input.content.thumbnails.trim()
    ? absolute(input.content.thumbnails.trim(), input.baseUrl)
    : undefined;

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
      ...(studioPolicy ? { studioPolicy } : {}),
      ...(manifestProxy ? { manifestProxy } : {}),
      ...(storyboard ? { thumbnailsUrl: storyboard } : {}),
    });
  }
  return sources;
}

// player-and-client §5; play-page §9
/**
 * The restriction toggles as two questions: is everything
 * blocked on this device, and is one DRM blocked. Pure.
 */
export function restrictionRules(restrictions: S72Restrictions | undefined, platform: PlatformFacts) {
  return {
    blocksEverything: restrictions?.blockFirefox === true && platform.firefox,
    blocksDrm: (drm: DrmType): boolean =>
      (restrictions?.blockMobileDrmContent === true && platform.mobile) ||
      (restrictions?.blockMacOSWidevine === true && platform.macos && drm === 'widevine'),
  };
}

// player-and-client §4 "PlayReady is preferred over Widevine when its security level exceeds Widevine's"
/**
 * The usable key systems in the order the engine should try them: as declared, except that of
 * Widevine and PlayReady, Widevine comes first unless PlayReady's security level is higher. Pure.
 */
export function orderDrms(drms: readonly DrmType[], keySystems: DeviceFacts['keySystems']): DrmType[] {
  const ordered = [...drms];
  const p = ordered.indexOf('playready');
  const w = ordered.indexOf('widevine');
  if (p < 0 || w < 0) return ordered;
  const playreadyFirst = (keySystems.playready?.level ?? 0) > (keySystems.widevine?.level ?? 0);
  if (playreadyFirst !== p < w) [ordered[p], ordered[w]] = [ordered[w]!, ordered[p]!];
  return ordered;
}

// player-and-client §5
/** The software-secure limit: at most this many lines. */
export const SOFTWARE_SECURE_MAX_HEIGHT = 719;


// player-and-client §4 "Engine choice", §5; play-page §8
/**
 * The engine and source to play, by the shared rules of
 * {@link chooseSource} and the capabilities of this device:
 * - a key system counts only when it has a licence server, the browser grants it, the restriction
 *   toggles allow it, and (FairPlay) the device plays HLS natively;
 * - kinds in order DASH, HLS, MP4: DASH when usable, else HLS (FairPlay through native HLS on Apple),
 *   else MP4; each loader says what it can play here (`EngineLoader.canPlay`);
 * - the chosen key systems are ordered by {@link orderDrms}; Widevine below level 3 under a studio
 *   policy caps the picture at {@link SOFTWARE_SECURE_MAX_HEIGHT} lines.
 *
 * @throws S72Error `invalid_source_for_device` (category `manifest`) when the device could play a
 *   source but the restriction toggles forbid every one; `content_not_supported` when this browser
 *   cannot play any (both lead to the unsupported-device page).
 */
export function chooseEngine(
  candidates: readonly EngineSource[],
  loaders: readonly EngineLoader[],
  device: DeviceFacts,
  restrictions?: S72Restrictions,
): { loader: EngineLoader; source: EngineSource } {
  const rules = restrictionRules(restrictions, device.platform);
  const pick = (restricted: boolean) =>
    chooseSource(candidates, {
      kindOf: (source) => source.kind,
      drmsOf: (source) => source.drms,
      hasLicenceServer: (drm, source) => Boolean(source.drmServers[drm]?.licenseUrl),
      supportsDrm: (drm) =>
        device.keySystems[drm] !== undefined &&
        (drm !== 'fairplay' || device.platform.appleWebKit) &&
        !(restricted && rules.blocksDrm(drm)),
      playerFor: (kind, drms) => loaders.find((candidate) => candidate.canPlay(kind, drms, device)),
    });
  const choice = rules.blocksEverything ? undefined : pick(true);
  if (choice) {
    const drms = orderDrms(choice.drms, device.keySystems);
    const widevine = device.keySystems.widevine;
    const softwareOnly = drms[0] === 'widevine' && widevine !== undefined && widevine.level < HARDWARE_SECURE_LEVEL;
    const support = Object.fromEntries(drms.flatMap((drm) => (device.keySystems[drm] ? [[drm, device.keySystems[drm]]] : [])));
    return {
      loader: choice.player,
      source: {
        ...choice.candidate,
        drms,
        keySystemSupport: support,
        ...(softwareOnly && choice.candidate.studioPolicy ? { maxHeight: SOFTWARE_SECURE_MAX_HEIGHT } : {}),
      },
    };
  }
  const kinds = candidates.map((source) => source.kind);
  if (pick(false)) {
    throw new S72Error('invalid_source_for_device', 'The storefront does not allow any of the sources on this device', {
      category: 'manifest',
      data: { kinds, restrictions: { ...restrictions } },
    });
  }
  throw new S72Error('content_not_supported', 'No engine in this browser can play any of the sources', {
    category: 'manifest',
    data: { kinds },
  });
}

/** Default licence URLs on a storefront origin, for the key systems given. */
export function defaultDrmConfig(origin: string, drms: readonly DrmType[]): NonNullable<S72PlayerConfig['drm']> {
  const drm: NonNullable<S72PlayerConfig['drm']> = {};
  for (const type of drms) {
    const licenseUrl = new URL(DEFAULT_LICENSE_PATHS[type], origin).href;
    if (type === 'fairplay') drm.fairplay = { licenseUrl, certificateUrl: `${licenseUrl}/cert` };
    else drm[type] = { licenseUrl };
  }
  return drm;
}

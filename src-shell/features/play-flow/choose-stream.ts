/**
 * Stream choice (play-page §4 step 6 "Get the streams"; player-and-client §4 "Engine choice"):
 * DASH first, then HLS, then MP4; a DRM'd stream is usable only when the browser supports one of its
 * key systems and that key system has a licence server configured. The rules are the element's own
 * (`chooseSource` of `s72-player/client`); this module only reads the streams answer and the
 * browser's capabilities into them. Pure.
 */
import {
  DRM_TYPES,
  SOURCE_KIND_ORDER,
  chooseSource,
  type DrmType,
  type S72Asset,
  type S72PlayerConfig,
  type SourceKind,
  type Stream,
} from 's72-player/client';

/** What the browser can play (see `detectCapabilities()` in capabilities.ts). */
export interface PlaybackCapabilities {
  /** Media Source Extensions (DASH, and HLS through shaka). */
  mse: boolean;
  /** Native HLS in a `<video>` (Safari). */
  nativeHls: boolean;
  /** Progressive MP4 in a `<video>`. */
  mp4: boolean;
  /** Key systems `requestMediaKeySystemAccess` granted. */
  keySystems: readonly DrmType[];
}

export type StreamKind = SourceKind;

/** Preference order of play-page §4 / player-and-client §4 (the shared `SOURCE_KIND_ORDER`). */
export const STREAM_ORDER: readonly StreamKind[] = SOURCE_KIND_ORDER;

/** The chosen stream with its kind and the key systems it can use here. */
export interface ChosenStream {
  kind: StreamKind;
  stream: Stream;
  /** The stream's key systems that are both supported and configured; empty for a clear stream. */
  drms: DrmType[];
}

/** Maps `encoding_type` to a kind: `dash*` → dash, `hls*` → hls, `mp4`/`progressive` → mp4. */
export function streamKind(encodingType: string): StreamKind | undefined {
  const t = encodingType.trim().toLowerCase();
  if (t.startsWith('dash')) return 'dash';
  if (t.startsWith('hls')) return 'hls';
  if (t === 'mp4' || t.startsWith('mp4') || t === 'progressive') return 'mp4';
  return undefined;
}

function kindPlayable(kind: StreamKind, caps: PlaybackCapabilities): boolean {
  if (kind === 'dash') return caps.mse;
  if (kind === 'hls') return caps.mse || caps.nativeHls;
  return caps.mp4;
}

/** The key systems of `config.drm` that have a licence URL. */
export function configuredKeySystems(config: S72PlayerConfig): DrmType[] {
  const drm = config.drm ?? {};
  return DRM_TYPES.filter((k) => Boolean(drm[k]?.licenseUrl));
}

/**
 * Picks the stream to play.
 *
 * @param streams The streams of the streams call, in server order.
 * @param caps What the browser can play.
 * @param licenceServers Key systems with a licence server configured.
 * @returns The first usable stream in DASH → HLS → MP4 order (server order within a kind), or
 *   `undefined` when none is usable (the play page then reports `content_not_supported`).
 */
export function chooseStream(
  streams: readonly Stream[],
  caps: PlaybackCapabilities,
  licenceServers: readonly DrmType[],
): ChosenStream | undefined {
  const choice = chooseSource(streams, {
    kindOf: (stream) => (stream.url ? streamKind(stream.encoding_type) : undefined),
    drmsOf: (stream) => stream.drm_type ?? [],
    hasLicenceServer: (drm) => licenceServers.includes(drm),
    // FairPlay needs native HLS; the rule set already keeps it to HLS streams.
    supportsDrm: (drm) => caps.keySystems.includes(drm) && (drm !== 'fairplay' || caps.nativeHls),
    playerFor: (kind) => (kindPlayable(kind, caps) ? true : undefined),
  });
  return choice && { kind: choice.kind, stream: choice.candidate, drms: choice.drms };
}

/** The engine's asset for a chosen stream (player-and-client §3 "Content"). */
export function toAsset(chosen: ChosenStream): S72Asset {
  const { stream, drms } = chosen;
  return {
    url: stream.url,
    isLive: stream.broadcast_id !== undefined && stream.broadcast_id !== null,
    ...(drms.length > 0 ? { drms } : {}),
  };
}

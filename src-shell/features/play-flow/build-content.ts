/**
 * What the play page hands to `<s72-player>` (player-and-client §3 "Content" and
 * "Player configuration"). Pure.
 */
import { type DrmType, type S72ChaptersTrack, type S72Content, type S72PlayerConfig, DEFAULT_LICENSE_PATHS } from 's72-player/client';
import type { PlaySession } from '../../types/play-session.js';
import { TEXT_OFF } from '../play-session/index.js';
import type { DeviceRestrictions } from '../device-support/index.js';
import { toAsset, type ChosenStream } from './choose-stream.js';
import { sessionServicesConfig } from './session-services.js';

/**
 * The player configuration of the play page: licence servers of every key system on the storefront
 * origin (`DEFAULT_LICENSE_PATHS`, play-page §7 "DRM licences"; FairPlay's certificate at
 * `…/cert`), the session's seeking and playback-rate switches (play-page §2), and the viewer's
 * remembered track choices as preferred languages and audio role (play-page §3 `lastSelectedAudioLanguage`,
 * `lastSelectedAudioRoles`,
 * `lastSelectedTextLanguage`); without a text choice, the streams answer's
 * `default_subtitle_language` (play-page §3 "Stream"); subtitles turned off (`'off'`): none.
 *
 * @param origin The storefront origin, e.g. `location.origin`.
 * @param defaultSubtitleLanguage The streams answer's `default_subtitle_language`, if any.
 * @param fullscreenAllowed The device check's verdict; `false` (an iPhone with the `iphone_fullscreen`
 *   toggle off, play-page §9) sets the player's `fullscreen: false`.
 * @param services The merged configuration (and the other origins its URLs may name): the player's
 *   heartbeat, player telemetry and live status settings (session-services.ts); absent: the defaults.
 *   `restrictions`: the feature toggles' restrictions (play-page §9), handed to the player, whose
 *   engine choice applies them too (player-and-client §5).
 */
export function buildPlayerConfig(
  origin: string,
  session: Pick<PlaySession, 'seekingEnabled' | 'playbackRatesEnabled' | 'lastSelectedAudioLanguage' | 'lastSelectedAudioRoles' | 'lastSelectedTextLanguage'>,
  defaultSubtitleLanguage?: string | null,
  fullscreenAllowed?: boolean,
  services?: {
    configuration?: Readonly<Record<string, unknown>> | undefined;
    allowedOrigins?: readonly string[] | undefined;
    restrictions?: DeviceRestrictions | undefined;
  },
): S72PlayerConfig {
  const restrictions = services?.restrictions;
  const audio = session.lastSelectedAudioLanguage?.trim();
  const audioRole = session.lastSelectedAudioRoles?.find((role) => typeof role === 'string' && role.trim() !== '')?.trim();
  // Subtitles turned off last time (TEXT_OFF): no text language is asked for, not even the default.
  const chosenText = session.lastSelectedTextLanguage?.trim();
  const text = chosenText === TEXT_OFF ? undefined : chosenText || defaultSubtitleLanguage?.trim();
  const url = (drm: DrmType): string => new URL(DEFAULT_LICENSE_PATHS[drm], origin).href;
  return {
    drm: {
      widevine: { licenseUrl: url('widevine') },
      playready: { licenseUrl: url('playready') },
      clearkey: { licenseUrl: url('clearkey') },
      fairplay: { licenseUrl: url('fairplay'), certificateUrl: `${url('fairplay')}/cert` },
    },
    seeking: session.seekingEnabled,
    playbackRates: session.playbackRatesEnabled,
    ...(audio ? { preferredAudioLanguage: audio } : {}),
    ...(audioRole ? { preferredAudioRole: audioRole } : {}),
    ...(text ? { preferredTextLanguage: text } : {}),
    ...(fullscreenAllowed === false ? { fullscreen: false } : {}),
    ...(restrictions
      ? {
          restrictions: {
            blockFirefox: restrictions.blockFirefox,
            blockMacOSWidevine: restrictions.blockMacosWidevine,
            blockMobileDrmContent: restrictions.blockMobileDrm,
            iphoneFullscreen: restrictions.iphoneFullscreen,
          },
        }
      : {}),
    ...sessionServicesConfig(origin, services?.configuration, services?.allowedOrigins),
  };
}

/** Input of {@link buildContent}. */
export interface ContentInput {
  /** The slug being played. */
  slug: string;
  title: string;
  thumb?: string | undefined;
  chosen: ChosenStream;
  /** The viewer's auth token (sent as `x-auth-token` when there is no play token). */
  authToken?: string | undefined;
  /** The streams call's `play_token`, else the session's. */
  playToken?: string | undefined;
  /** The streams answer's `ad_tag` (play-page §3 "Stream"): the player plays its ads (README "Ads"). */
  adTag?: string | null | undefined;
  /** The playlist item is an ad (`playback_mode: 'ad'`, play-page §3): the player disables seeking and labels it "Ad". */
  adItem?: boolean | undefined;
  /** The streams answer's `chapters` (issue 27 item 2): the media's WebVTT chapters files. */
  chapters?: readonly S72ChaptersTrack[] | undefined;
}

/** Builds the `S72Content` for the chosen stream (only that asset is set). */
export function buildContent(input: ContentInput): S72Content {
  return {
    slug: input.slug,
    title: input.title,
    ...(input.thumb ? { images: { thumb: input.thumb } } : {}),
    assets: { [input.chosen.kind]: toAsset(input.chosen) },
    ...(input.authToken ? { authorization: input.authToken } : {}),
    ...(input.playToken ? { playToken: input.playToken } : {}),
    ...(input.adTag ? { adTag: input.adTag } : {}),
    ...(input.adItem ? { playbackMode: 'ad' as const } : {}),
    ...(input.chapters?.length ? { chapters: input.chapters } : {}),
  };
}

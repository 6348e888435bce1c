// player-and-client §3, play-page §3
/**
 * valibot schemas of the storefront's answers and the types
 * inferred from them. Lenient where the wire is: optional fields may be absent or `null`; unknown
 * fields are dropped. A body that breaks these schemas is `malformed_response` (see http.ts).
 */
import * as v from 'valibot';
import { parseReleaseDate } from './domain/release-date.js';

const nullishString = v.nullish(v.string());
const nullishNumber = v.nullish(v.number());
/** Ids arrive as numbers or strings; the client always hands out strings. */
const idSchema = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

/** `image_urls` of films, seasons, episodes and bonuses (every key optional). */
export const ImageUrlsSchema = v.optional(
  v.object({
    portrait: nullishString,
    landscape: nullishString,
    bg: nullishString,
  }),
  {},
);

// player-and-client §3 "Bonus"
/**
 * A bonus (`overview`; `description`, kept
 * too). `runtime` in minutes.
 */
export const BonusSchema = v.object({
  number: v.number(),
  slug: nullishString,
  title: v.string(),
  overview: nullishString,
  description: nullishString,
  runtime: nullishNumber,
  image_urls: ImageUrlsSchema,
});

/** A content classification; `minimum_age` in years (the age check). */
export const ClassificationSchema = v.object({
  name: nullishString,
  minimum_age: nullishNumber,
});

// player-and-client §3
/** Classifications, genres, languages and recommendations shared by films and seasons. */
const catalogueExtras = {
  classifications: v.optional(v.nullable(v.array(ClassificationSchema))),
  recommendations: v.optional(v.nullable(v.array(v.string()))),
};

// player-and-client §5
/**
 * `release_date`, strict ("accepted only as an exact ISO timestamp string",
 * {@link parseReleaseDate}): absent or null is allowed, any other value makes the film answer
 * `malformed_response`.
 */
export const ReleaseDateSchema = v.nullish(
  v.pipe(
    v.string('release_date must be an ISO timestamp string'),
    v.check((value) => parseReleaseDate(value) !== null, 'release_date must be an exact ISO timestamp (YYYY-MM-DDTHH:mm:ss[.fff](Z|±HH:mm))'),
  ),
);

// player-and-client §3 "Film metadata"
/** Film metadata. `runtime` in minutes. */
export const FilmSchema = v.object({
  ...catalogueExtras,
  genres: v.optional(v.nullable(v.array(v.unknown()))),
  languages: v.optional(v.nullable(v.array(v.unknown()))),
  subtitle_tracks: v.optional(v.nullable(v.array(v.object({ type: nullishString, language_name: nullishString })))),
  burnt_in_subtitles_language: nullishString,
  id: idSchema,
  slug: v.string(),
  title: v.string(),
  tagline: nullishString,
  overview: nullishString,
  runtime: nullishNumber,
  release_date: ReleaseDateSchema,
  image_urls: ImageUrlsSchema,
  bonuses: v.optional(v.nullable(v.array(BonusSchema)), []),
});

/** `GET /services/meta/v2/film/{id}/show_multiple`. */
export const FilmsResponseSchema = v.object({ films: v.array(FilmSchema) });

// player-and-client §3 "Episode"
/** An episode. `runtime` in minutes. */
export const EpisodeSchema = v.object({
  slug: v.string(),
  episode_number: v.number(),
  title: v.string(),
  overview: nullishString,
  runtime: nullishNumber,
  image_urls: ImageUrlsSchema,
});

// player-and-client §3 "Season"
/** Season metadata. */
export const SeasonSchema = v.object({
  ...catalogueExtras,
  slug: v.string(),
  season_num: v.number(),
  tagline: nullishString,
  overview: nullishString,
  image_urls: ImageUrlsSchema,
  episodes: v.optional(v.nullable(v.array(EpisodeSchema)), []),
  bonuses: v.optional(v.nullable(v.array(BonusSchema)), []),
  show_info: v.object({
    title: v.string(),
    genres: v.optional(v.nullable(v.array(v.unknown()))),
    available_seasons: v.optional(v.nullable(v.array(v.unknown()))),
  }),
});

/** `GET /services/meta/v2/tv/season/show_multiple?items={slugs}`. */
export const SeasonsResponseSchema = v.object({ seasons: v.array(SeasonSchema) });

// player-and-client §3 "Availability"
/** Live status of an availability. */
export const LiveInfoSchema = v.object({
  status: nullishString,
  started_at: nullishString,
  completed_at: nullishString,
});

// player-and-client §3 "Availability"
/**
 * One availability. `from`/`to` are ISO 8601 strings or
 * null (open-ended); durations in minutes.
 */
export const AvailabilitySchema = v.object({
  slug: v.string(),
  from: nullishString,
  to: nullishString,
  ms_from: nullishNumber,
  rental_duration_minutes: nullishNumber,
  rental_playback_duration_minutes: nullishNumber,
  live: v.nullish(v.union([LiveInfoSchema, v.boolean()])),
  requires_pin_code: v.optional(v.nullable(v.boolean()), false),
  tvod: nullishString,
  plan_ids: v.optional(v.nullable(v.array(idSchema)), []),
});

/** `GET /services/content/v1/availabilities?items={slugs}`. */
export const AvailabilitiesResponseSchema = v.object({ availabilities: v.array(AvailabilitySchema) });

// play-page §3 "Configuration"
/** A flat configuration object; keys are read by name. */
export const ConfigurationSchema = v.record(v.string(), v.unknown());

// player-and-client §3
/** Playback progress. Positions in seconds. */
export const PlaybackProgressSchema = v.object({
  play_position: v.number(),
  length: nullishNumber,
  completed: v.optional(v.nullable(v.boolean()), false),
  last_played_at: nullishString,
});

// play-page §3 "Stream"
/** One stream. `broadcast_id` present means live. */
export const StreamSchema = v.object({
  url: v.string(),
  encoding_type: v.string(),
  drm_type: v.optional(v.nullable(v.array(v.string())), []),
  broadcast_id: v.nullish(idSchema),
});

// play-page §3, §7
/** `POST /services/playback/streams{slug}`. */
export const StreamsResponseSchema = v.object({
  streams: v.array(StreamSchema),
  ad_tag: nullishString,
  will_trigger_watch_window: v.optional(v.nullable(v.boolean()), false),
  // play-page §2 "Watch window"
  /** Minutes. */
  watch_window_duration: nullishNumber,
  play_token: nullishString,
  playback_progress: v.nullish(PlaybackProgressSchema),
  default_subtitle_language: nullishString,
  // issue 27 item 2
  /** The media's WebVTT chapters files, one per language; absent: none. */
  chapters: v.optional(
    v.pipe(
      v.array(v.unknown()),
      v.transform((entries) =>
        entries.flatMap((entry) => {
          if (typeof entry !== 'object' || entry === null) return [];
          const { url, language } = entry as { url?: unknown; language?: unknown };
          return typeof url === 'string' && url ? [{ url, ...(typeof language === 'string' && language ? { language } : {}) }] : [];
        }),
      ),
    ),
  ),
});

// player-and-client §3 "User account"
/** `GET /services/users/detail/users`. */
export const UserResponseSchema = v.object({
  account: v.object({
    user_id: idSchema,
    dob: nullishString,
    email: nullishString,
    // player-and-client §9 "'experiment' users": the storefront groups the viewer is in (absent: none).
    groups: v.nullish(v.array(v.string())),
  }),
});

// player-and-client §3 "Library item"
/** One library entry's ownership details. Dates ISO strings. */
export const LibraryInfoSchema = v.object({
  quality: nullishString,
  available_from: nullishString,
  expiry: nullishString,
  plan_id: v.nullish(idSchema),
  /** Minutes. */
  rental_playback_duration_minutes: nullishNumber,
  playback_start: nullishString,
  playback_end: nullishString,
});

// player-and-client §3 "Library item"
/** One library entry. */
export const LibraryItemSchema = v.object({
  item: v.string(),
  info: v.optional(LibraryInfoSchema, {}),
  playback_progress: v.nullish(PlaybackProgressSchema),
});

/** `GET /services/content/v4/user_library/{userId}/index?sort_by=relevance`. */
export const LibraryResponseSchema = v.object({ items: v.array(LibraryItemSchema) });

// player-and-client §3 "User plan"
/** One user plan. `expiry` ISO string or null (open-ended). */
export const UserPlanSchema = v.object({
  plan_id: idSchema,
  expiry: nullishString,
});

/** `GET /services/content/v1/user_plans`. */
export const UserPlansResponseSchema = v.object({ plans: v.array(UserPlanSchema) });

// player-and-client §3 "Playback progress"
/** One playback progress entry of a viewer. Seconds. */
export const PlaybackProgressEntrySchema = v.object({
  item: v.string(),
  ...PlaybackProgressSchema.entries,
});

/** `GET /services/content/v1/playback_progress/{userId}`. */
export const PlaybackProgressResponseSchema = v.object({
  playback_progress: v.array(PlaybackProgressEntrySchema),
});

// player-and-client §3 "Bundle"
/** A bundle. `items` are content slugs. */
export const BundleSchema = v.object({
  id: idSchema,
  title: v.string(),
  tagline: nullishString,
  description: nullishString,
  portrait_image: nullishString,
  landscape_image: nullishString,
  items: v.optional(v.nullable(v.array(v.string())), []),
});

/** Feature toggles of one service, by name (values are usually booleans). */
export const FeatureTogglesSchema = v.record(v.string(), v.unknown());

/** `GET /services/{service}/feature_toggles`. */
export const FeatureTogglesResponseSchema = v.object({ feature_toggles: FeatureTogglesSchema });

export type ImageUrls = v.InferOutput<typeof ImageUrlsSchema>;
export type Bonus = v.InferOutput<typeof BonusSchema>;
export type Film = v.InferOutput<typeof FilmSchema>;
export type Episode = v.InferOutput<typeof EpisodeSchema>;
export type Season = v.InferOutput<typeof SeasonSchema>;
export type Availability = v.InferOutput<typeof AvailabilitySchema>;
export type Configuration = v.InferOutput<typeof ConfigurationSchema>;
export type PlaybackProgress = v.InferOutput<typeof PlaybackProgressSchema>;
export type Stream = v.InferOutput<typeof StreamSchema>;
export type StreamsResponse = v.InferOutput<typeof StreamsResponseSchema>;
export type UserAccount = v.InferOutput<typeof UserResponseSchema>['account'];
export type LibraryInfo = v.InferOutput<typeof LibraryInfoSchema>;
export type LibraryItem = v.InferOutput<typeof LibraryItemSchema>;
export type UserPlan = v.InferOutput<typeof UserPlanSchema>;
export type PlaybackProgressEntry = v.InferOutput<typeof PlaybackProgressEntrySchema>;
export type Bundle = v.InferOutput<typeof BundleSchema>;
export type FeatureToggles = v.InferOutput<typeof FeatureTogglesSchema>;

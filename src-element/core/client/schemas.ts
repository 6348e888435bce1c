/**
 * valibot schemas of the storefront's answers (player-and-client §3, play-page §3) and the types
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

/**
 * A bonus (player-and-client §3 "Bonus": `overview`; play-page §3 "Bonus": `description`, kept
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

/** A content classification; `minimum_age` in years (play-page §5 age check). */
export const ClassificationSchema = v.object({
  name: nullishString,
  minimum_age: nullishNumber,
});

/** Classifications, genres, languages and recommendations shared by films and seasons (player-and-client §3). */
const catalogueExtras = {
  classifications: v.optional(v.nullable(v.array(ClassificationSchema))),
  recommendations: v.optional(v.nullable(v.array(v.string()))),
};

/**
 * `release_date`, strict (player-and-client §5: "accepted only as an exact ISO timestamp string",
 * {@link parseReleaseDate}): absent or null is allowed, any other value makes the film answer
 * `malformed_response`.
 */
export const ReleaseDateSchema = v.nullish(
  v.pipe(
    v.string('release_date must be an ISO timestamp string'),
    v.check((value) => parseReleaseDate(value) !== null, 'release_date must be an exact ISO timestamp (YYYY-MM-DDTHH:mm:ss[.fff](Z|±HH:mm))'),
  ),
);

/** Film metadata (player-and-client §3 "Film metadata"). `runtime` in minutes. */
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

/** An episode (player-and-client §3 "Episode"). `runtime` in minutes. */
export const EpisodeSchema = v.object({
  slug: v.string(),
  episode_number: v.number(),
  title: v.string(),
  overview: nullishString,
  runtime: nullishNumber,
  image_urls: ImageUrlsSchema,
});

/** Season metadata (player-and-client §3 "Season"). */
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

/** Live status of an availability (player-and-client §3 "Availability"). */
export const LiveInfoSchema = v.object({
  status: nullishString,
  started_at: nullishString,
  completed_at: nullishString,
});

/**
 * One availability (player-and-client §3 "Availability"). `from`/`to` are ISO 8601 strings or
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

/** A flat configuration object; keys are read by name (play-page §3 "Configuration"). */
export const ConfigurationSchema = v.record(v.string(), v.unknown());

/** Playback progress (player-and-client §3). Positions in seconds. */
export const PlaybackProgressSchema = v.object({
  play_position: v.number(),
  length: nullishNumber,
  completed: v.optional(v.nullable(v.boolean()), false),
  last_played_at: nullishString,
});

/** One stream (play-page §3 "Stream"). `broadcast_id` present means live. */
export const StreamSchema = v.object({
  url: v.string(),
  encoding_type: v.string(),
  drm_type: v.optional(v.nullable(v.array(v.string())), []),
  broadcast_id: v.nullish(idSchema),
});

/** `POST /services/playback/streams{slug}` (play-page §3, §7). */
export const StreamsResponseSchema = v.object({
  streams: v.array(StreamSchema),
  ad_tag: nullishString,
  will_trigger_watch_window: v.optional(v.nullable(v.boolean()), false),
  /** Minutes (play-page §2 "Watch window"). */
  watch_window_duration: nullishNumber,
  play_token: nullishString,
  playback_progress: v.nullish(PlaybackProgressSchema),
  default_subtitle_language: nullishString,
});

/** `GET /services/users/detail/users` (player-and-client §3 "User account"). */
export const UserResponseSchema = v.object({
  account: v.object({
    user_id: idSchema,
    dob: nullishString,
    email: nullishString,
  }),
});

/** One library entry's ownership details (player-and-client §3 "Library item"). Dates ISO strings. */
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

/** One library entry (player-and-client §3 "Library item"). */
export const LibraryItemSchema = v.object({
  item: v.string(),
  info: v.optional(LibraryInfoSchema, {}),
  playback_progress: v.nullish(PlaybackProgressSchema),
});

/** `GET /services/content/v4/user_library/{userId}/index?sort_by=relevance`. */
export const LibraryResponseSchema = v.object({ items: v.array(LibraryItemSchema) });

/** One user plan (player-and-client §3 "User plan"). `expiry` ISO string or null (open-ended). */
export const UserPlanSchema = v.object({
  plan_id: idSchema,
  expiry: nullishString,
});

/** `GET /services/content/v1/user_plans`. */
export const UserPlansResponseSchema = v.object({ plans: v.array(UserPlanSchema) });

/** One playback progress entry of a viewer (player-and-client §3 "Playback progress"). Seconds. */
export const PlaybackProgressEntrySchema = v.object({
  item: v.string(),
  ...PlaybackProgressSchema.entries,
});

/** `GET /services/content/v1/playback_progress/{userId}`. */
export const PlaybackProgressResponseSchema = v.object({
  playback_progress: v.array(PlaybackProgressEntrySchema),
});

/** A bundle (player-and-client §3 "Bundle"). `items` are content slugs. */
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

// play-page §2 "Page elements"; play-page §2 "Play page states"; player-and-client §8 "Messages on screen"; player-and-client §8
/**
 * The English string table: every on-screen text of `<s72-player>` and of the play page, by key.
 * The reference table: {@link MessageKey} is `keyof typeof en`, and every other table must have the
 * same keys with the same shapes (see `ar.ts`).
 *
 * Values are plain text (never HTML) with `{name}` placeholders. A plural value is an object of
 * `Intl.PluralRules` categories chosen by `params.count`; English uses `one` and `other`.
 *
 * Wordings the specs fix stay word for word: the watch-window notice, the unsupported-browser screen, "Try again", "You have reached your device limit." and the client
 * messages "Film not found", "TV season not found", "Media not found".
 * Error texts are keyed `error.<code>.title` / `error.<code>.message` by the error code; `error.default.*` is the text of any other code.
 */
export const en = {
  // ── <s72-player> (player-and-client §2 "Player surfaces", §9 "Controls") ──
  'player.play': 'Play',
  'player.pause': 'Pause',
  'player.seek': 'Seek',
  'player.mute': 'Mute',
  'player.unmute': 'Unmute',
  'player.tapToUnmute': 'Tap to unmute',
  'player.volume': 'Volume',
  'player.enterFullscreen': 'Enter fullscreen',
  'player.exitFullscreen': 'Exit fullscreen',
  'player.loading': 'Loading',
  'player.error': 'Something went wrong while playing this video.',
  'player.retry': 'Try again',
  /** The seek bar's `aria-valuetext`; both values are {@link Translator.spokenTime} texts. */
  'player.timeOf': '{current} of {duration}',
  /** Issue 27: the seek bar's `aria-valuetext` and the seek announcement inside a chapter; `time` is the text without it, `chapter` the chapter's title. */
  'player.timeInChapter': '{time}, {chapter}',
  'player.volumePercent': '{percent}%',
  'player.playbackRate': 'Playback speed',
  'player.rate': '{rate}×',
  'player.controls': 'Video controls',
  'player.player': 'Video player',
  // issue 9 "Player UI for live"
  /** Live: the badge, the go-to-live button, the seek bar's `aria-valuetext`. */
  'player.live': 'LIVE',
  'player.goToLive': 'Go to live',
  'player.atLiveEdge': 'At the live edge',
  /** `{offset}` is a {@link Translator.spokenTime} text. */
  'player.behindLive': '{offset} behind live',

  // ── Issue 10 surfaces: one section per surface; add keys under your own marker only ──
  // [settings-menu]
  // player-and-client §4 "Menus", §5 "Menu rules"
  /** The settings menu. */
  'settings.button': 'Settings',
  'settings.menu': 'Settings',
  'settings.back': 'Back to settings',
  'settings.subtitles': 'Subtitles',
  'settings.listSeparator': ', ',
  'settings.subtitleSettings': 'Subtitle settings',
  'settings.audio': 'Audio',
  'settings.speed': 'Playback speed',
  'settings.quality': 'Quality',
  'settings.chapters': 'Chapters',
  /** A chapter without a title; `number` counts from 1. */
  'settings.chapterUntitled': 'Chapter {number}',
  'settings.off': 'Off',
  'settings.auto': 'Auto',
  'settings.normal': 'Normal',
  'settings.speedValue': 'x{rate}',
  'settings.captionsTrack': '{name} (CC)',
  'settings.qualityTrack': '{name} · {mbps} Mbps',
  'settings.textColor': 'Text colour',
  'settings.background': 'Background',
  'settings.textSize': 'Text size',
  'settings.subtitleTextColor.white': 'White',
  'settings.subtitleTextColor.yellow': 'Yellow',
  'settings.subtitleBackground.none': 'None',
  'settings.subtitleBackground.black': 'Black',
  'settings.subtitleBackground.transparent-panel': 'Transparent panel',
  'settings.subtitleTextSize.sm': 'Small',
  'settings.subtitleTextSize.md': 'Medium',
  'settings.subtitleTextSize.lg': 'Large',
  // [subtitles]
  // player-and-client §9
  /** Said when the captions toggle (C) or the subtitles menu turns subtitles off. */
  'subtitles.off': 'Subtitles off',
  /** Said when subtitles turn on; `{label}` is the track's label, e.g. "Arabic". */
  'subtitles.on': 'Subtitles: {label}',
  // [controls]
  // player-and-client §2 "Title bar with a back button"
  /** The title bar's back button. */
  'controls.back': 'Back',
  // [gestures]
  // [end-screen]
  'endScreen.label': 'Up next',
  'endScreen.others': 'More to watch',
  'endScreen.close': 'Close',
  'endScreen.play': 'Play',
  'endScreen.source.next-episode': 'Next episode',
  'endScreen.source.continue-watching': 'Continue watching',
  'endScreen.source.recommendation': 'Recommended',
  // [stats]
  // player-and-client §2, §4
  /** The stats overlay (debug mode). */
  'stats.title': 'Playback statistics',
  'stats.close': 'Close statistics',
  'stats.graph': 'Bandwidth, bit rate and buffer over the last 2 minutes',
  'stats.state': 'State',
  'stats.state.seeking': 'seeking',
  'stats.state.ended': 'ended',
  'stats.state.not-loaded': 'not loaded',
  'stats.state.loading': 'loading',
  'stats.state.paused': 'paused',
  'stats.state.playing': 'playing',
  'stats.resolution': 'Resolution',
  'stats.streamBandwidth': 'Bit rate',
  'stats.estimatedBandwidth': 'Bandwidth',
  'stats.bufferAhead': 'Buffer',
  'stats.frames': 'Frames',
  'stats.framesValue': '{dropped} dropped of {decoded}',
  'stats.engine': 'Engine',
  // [cast] Casting and AirPlay (player-and-client §2, §8 "Messages on screen" word for word; play-page §2)
  'cast.start': 'Cast',
  'cast.stop': 'Stop casting',
  'cast.unavailable': 'Cast unavailable',
  'cast.unavailable.no-app-id': 'Casting is not set up for this site.',
  'cast.unavailable.sdk-not-loaded': 'The Cast service could not be reached.',
  'cast.disconnect': 'Disconnect',
  'cast.panel': 'Cast controls',
  'cast.chooseDevice': 'Choose a device to cast to',
  'cast.connecting': 'Connecting to your Cast device…',
  'cast.castingTo': 'Casting to {receiver}',
  'cast.castingToDevice': 'Casting to your Cast device',
  'cast.initializing': 'Getting ready…',
  'cast.skipAd': 'Skip ad',
  'cast.replay': 'Replay',
  'cast.connectionLost': 'The connection to your Cast device was lost, but you can resume control without interruption.',
  'cast.reconnect': 'Reconnect',
  'cast.manageDevices': 'Manage devices',
  'cast.error.too-many-devices': 'You have reached your device limit.',
  'cast.error.output-restricted': 'Your TV or Cast device does not support playing this content.',
  'cast.error.unsupported-chromecast-device': 'Your Cast device is no longer supported and may have playback issues.',
  'cast.error.unknown-error': 'A playback error occurred. Make sure your TV is on and the correct input is selected.',
  'cast.error.wakeWithRemote': 'You may need to use your Chromecast remote to wake up the app.',
  'airplay.start': 'AirPlay',
  'airplay.playing': 'Playing on AirPlay',
  // [a11y]
  /** The live region (s72-announcer): playback, seeks, volume and track changes, said politely. */
  'a11y.playing': 'Playing',
  'a11y.paused': 'Paused',
  'a11y.seekedTo': 'Position {time}',
  'a11y.volume': 'Volume {percent}%',
  'a11y.muted': 'Muted',
  'a11y.unmuted': 'Sound on',
  'a11y.audio': 'Audio: {label}',
  'a11y.quality': 'Quality: {label}',

  // ── Spoken and countdown time (units for Translator.spokenTime and formatCountdown) ──
  'time.days': { one: '{count} day', other: '{count} days' },
  'time.hours': { one: '{count} hour', other: '{count} hours' },
  'time.minutes': { one: '{count} minute', other: '{count} minutes' },
  'time.seconds': { one: '{count} second', other: '{count} seconds' },
  /** Joins the units of a spoken time: "1 hour 5 minutes". */
  'time.separator': ' ',
  /** A countdown longer than a day: "2 days 00:00:01" (`{clock}` is always Latin `hh:mm:ss`). */
  'time.daysAndClock': '{days} {clock}',

  // ── Play page, shared ──
  'page.title': 'Player',
  'common.back': 'Back',
  'common.help': 'Help',
  'common.tryAgain': 'Try again',
  'common.loading': 'Loading…',

  // ── Loading screen (play-page §2 "loading"), one label per phase of the flow ──
  'loading.item': 'Loading title…',
  'loading.episodes': 'Finding the first episode…',
  'loading.pinCheck': 'Checking your PIN settings…',
  'loading.streams': 'Preparing playback…',

  // ── Error screen (play-page §2 "error") ──
  'errorScreen.code': 'Error code:',
  'errorScreen.requestId': 'Request id:',

  // ── Coming-soon countdown (play-page §2, §4 step 3) ──
  'countdown.comingSoon': 'Coming soon. Available to watch in',
  'countdown.availableIn': 'Available in {remaining}',
  // play-page §4 "Live events"
  /** A live event that is not live yet: its status is polled every 5 s. */
  'countdown.liveSoon': 'This live event has not started yet. It plays as soon as it goes live.',

  // ── Live-ended screen (play-page §4 "Live events", §8 live_event_completed) ──
  'liveEnded.title': 'This live event has ended',
  'liveEnded.message': 'The broadcast is over. Thank you for watching.',

  // ── PIN entry (play-page §2 "PIN entry", §5, §9 "PIN length 4; attempts 5") ──
  'pin.title': 'Enter your PIN',
  'pin.lockedTitle': 'PIN locked',
  'pin.titleLabel': 'Title:',
  'pin.locked': 'Too many incorrect PINs. PIN entry is locked.',
  /** The field's label; `count` is the PIN length. */
  'pin.label': { one: 'PIN ({count} digit)', other: 'PIN ({count} digits)' },
  'pin.attemptsLeft': { one: '{count} attempt left', other: '{count} attempts left' },
  'pin.checking': 'Checking…',
  'pin.continue': 'Continue',
  /** Submitted empty; `count` is the PIN length. */
  'pin.empty': { one: 'Enter your {count}-digit PIN.', other: 'Enter your {count}-digit PIN.' },
  /** Submitted with the wrong shape; `count` is the PIN length. */
  'pin.format': { one: 'A PIN is {count} digit.', other: 'A PIN is {count} digits.' },
  /** Refused by the server; `count` is the attempts left. */
  'pin.incorrect': { one: 'Incorrect PIN. {count} attempt left.', other: 'Incorrect PIN. {count} attempts left.' },

  // ── Resume prompt (play-page §2, §5 "Resume"); `{position}` is a Latin clock time ──
  'resume.from': 'Resume from {position}',
  'resume.startOver': 'Start from the beginning',

  // ── Watch-window notice (play-page §2 "Page elements", word for word; `count` ≥ 1 hours) ──
  'watchWindow.notice': {
    one: 'Watch window: Once you start playing you will have an hour to finish watching.',
    other: 'Watch window: Once you start playing you will have {count} hours to finish watching.',
  },
  // issue 22 item 15
  /**
   * A window that is not a whole number of hours (90 min is "1 hour 30 minutes",
   * not "2 hours"); `{duration}` is a spoken time.
   */
  'watchWindow.noticeDuration': 'Watch window: Once you start playing you will have {duration} to finish watching.',
  'watchWindow.play': 'Play',

  // ── Navigation bar and player screen (play-page §2 "Page elements", §4 skip policy) ──
  'nav.back': 'Back',
  'nav.siblings': 'Episodes and bonuses',
  'nav.previous': 'Previous: {title}',
  'nav.next': 'Next: {title}',
  'nav.unavailable': 'Not available now',
  // player-and-client §1, §8 "Labels"
  /** The related-content menu. */
  'related.episodes': 'Episodes',
  'related.bonuses': 'Extras',
  'related.noEpisodes': 'No episodes',
  'related.comingSoon': 'Coming soon',
  'related.expired': 'Expired',
  'related.playing': 'Playing',
  'playlist.skip': 'Skip',

  // ── Item descriptions (play-page §9 "Season name default 'Season'") ──
  'item.defaultSeasonName': 'Season',
  'item.episode': 'Episode {number}',

  // ── Unsupported browser (play-page §2 "Play page states", word for word) ──
  'unsupported.title': 'Unsupported browser',
  'unsupported.thisBrowser': 'This browser cannot play this content.',
  'unsupported.browser': '{browser} cannot play this content.',
  'unsupported.browserOn': '{browser} on {os} cannot play this content.',
  'unsupported.getApp': 'Get the app to view',
  'unsupported.deviceSupport': 'Device support',

  // ── Device support route (play-page §2 "/device-support") ──
  'deviceSupport.title': 'Device support',
  'deviceSupport.current': 'Your browser: {browser} on {os} ({level})',
  'deviceSupport.otherBrowser': 'Other',
  'deviceSupport.otherOs': 'other',
  'deviceSupport.caption': 'Supported browsers and devices',
  'deviceSupport.browser': 'Browser',
  'deviceSupport.yes': 'Yes',
  'deviceSupport.maybe': 'Maybe',
  'deviceSupport.no': 'No',
  'deviceSupport.loadFailed': 'The list of supported browsers and devices could not be loaded.',

  // ── Error texts by code (play-page §8 "Codes shown to users", player-and-client §8) ──
  'error.default.title': 'Something went wrong',
  'error.default.message': 'The video could not be played.',
  'error.invalid_app.session_params.title': 'Nothing to play',
  'error.invalid_app.session_params.message': 'This player link is incomplete. Open the title again from the store.',
  'error.invalid_slug.title': 'Invalid link',
  'error.invalid_slug.message': 'This address does not point to anything that can be played.',
  'error.film_not_found.title': 'Film not found',
  'error.film_not_found.message': 'We could not find this film.',
  'error.season_not_found.title': 'TV season not found',
  'error.season_not_found.message': 'We could not find this TV season.',
  'error.media_not_found.title': 'Media not found',
  'error.media_not_found.message': 'We could not find this episode or bonus.',
  'error.slug_not_found.title': 'Not found',
  'error.slug_not_found.message': 'We could not find this title.',
  'error.streams_are_empty.title': 'Not ready to play',
  'error.streams_are_empty.message': 'There is no video for this title yet.',
  'error.access_denied.title': 'Access denied',
  'error.access_denied.message': 'Your plan does not include this title.',
  'error.missing_from_library.title': 'Not in your library',
  'error.missing_from_library.message': 'This title is not in your library.',
  'error.unavailable.title': 'Unavailable',
  'error.unavailable.message': 'This title is not available to watch right now.',
  'error.availability_expired.title': 'No longer available',
  'error.availability_expired.message': 'This title is no longer available.',
  'error.rental_expired.title': 'Rental expired',
  'error.rental_expired.message': 'Your rental of this title has expired.',
  'error.live_event_completed.title': 'Event finished',
  'error.live_event_completed.message': 'This live event has finished.',
  'error.live_stream_expired.title': 'Session expired',
  'error.live_stream_expired.message': 'Your viewing session for this live event has expired. Try again to keep watching.',
  'error.age_restricted.title': 'Age restricted',
  'error.age_restricted.message': 'This title is not available for your age.',
  'error.missing_dob.title': 'Date of birth needed',
  'error.missing_dob.message': 'Add your date of birth to your account to watch this title.',
  'error.unauthorized.title': 'Please sign in',
  'error.unauthorized.message': 'Sign in to watch this title.',
  'error.not_authorized.title': 'Please sign in',
  'error.not_authorized.message': 'Sign in to watch this title.',
  'error.server_busy.title': 'Server busy',
  'error.server_busy.message': 'Our servers are busy. Please try again in a moment.',
  'error.network_error.title': 'Connection problem',
  'error.network_error.message': 'We could not reach the server. Check your connection and try again.',
  'error.start_timeout.title': 'The video is not loading',
  'error.start_timeout.message': 'The video did not start loading. Check your connection and try again.',
  'error.module_load_failed.title': 'The player could not load',
  'error.module_load_failed.message': 'Part of the player could not be downloaded. Check your connection and try again.',
  'error.malformed_response.title': 'Something went wrong',
  'error.malformed_response.message': 'The server sent an answer we did not understand.',
  'error.content_not_supported.title': 'Unsupported browser',
  'error.content_not_supported.message': 'This browser cannot play this title.',
  'error.too_many_devices.title': 'Device limit reached',
  'error.too_many_devices.message': 'You have reached your device limit.',
  'error.too_many_streams.title': 'Too many streams',
  'error.too_many_streams.message': 'You are watching on too many screens at once. Stop playing on another screen, then try again.',
  'error.drm_failed.title': 'Playback error',
  'error.drm_failed.message': 'The video could not be unlocked for playback.',
  'error.content_expired.title': 'No longer available',
  'error.content_expired.message': 'Your access to this title has ended.',
  // player-and-client §8
  /** The watermark was tampered with, the player is destroyed (no retry). */
  'error.watermark_tampered.title': 'Playback stopped',
  'error.watermark_tampered.message': 'This page changed the video player, so playback was stopped. Reload the page to watch again.',
  'error.incorrect_pin.title': 'Incorrect PIN',
  'error.incorrect_pin.message': 'The PIN you entered is not correct.',
  'error.too_many_attempts.title': 'Too many attempts',
  'error.too_many_attempts.message': 'Too many incorrect PINs were entered. Try again later.',
  'error.play_token_expired.title': 'No longer available',
  'error.play_token_expired.message': 'This title is no longer available.',
  'error.invalid_file_xml.title': 'Playback error',
  'error.invalid_file_xml.message': 'The video could not be read.',
  'error.content_not_found.title': 'Not found',
  'error.content_not_found.message': 'We could not find this title.',
  'error.adblocked_content.title': 'Ad blocker detected',
  'error.adblocked_content.message': 'Turn off your ad blocker to watch this title.',
  'error.ad_error.title': 'The ad could not play',
  'error.ad_error.message': 'The ad could not play. Your video continues.',
  // ── Ads overlay (s72-ad-overlay, player-and-client §2, §4 "Ad break") ──
  'ads.region': 'Advertisement',
  'ads.label': 'Ad',
  /** `{index}` of `{count}` ads in this break. */
  'ads.position': 'Ad {index} of {count}',
  /** `{time}` is the clock time left in the ad, e.g. 0:05. */
  'ads.remaining': '{time} left',
  /** The disabled skip-ad button's countdown. */
  'ads.skipIn': { one: 'Skip ad in {count} second', other: 'Skip ad in {count} seconds' },
  'ads.skip': 'Skip ad',
  'ads.loading': 'Loading the ad',
  'ads.play': 'Play the ad',
  'ads.pause': 'Pause the ad',
  'ads.mute': 'Mute the ad',
  'ads.unmute': 'Unmute the ad',
} as const satisfies Readonly<Record<string, string | { readonly one: string; readonly other: string }>>;

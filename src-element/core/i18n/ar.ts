/**
 * The Arabic string table (right-to-left). Same keys and shapes as `en.ts` (a missing key or a
 * plain string where English has a plural is a type error); plural texts give all six
 * `Intl.PluralRules('ar')` categories: zero (0), one (1), two (2), few (3–10), many (11–99),
 * other (100–102, …). Numbers stay Latin digits, like the clock times (see `index.ts`).
 */
import type { ArabicPlural, StringTable } from './types.js';

export const ar: StringTable<ArabicPlural> = {
  // ── <s72-player> ──
  'player.play': 'تشغيل',
  'player.pause': 'إيقاف مؤقت',
  'player.seek': 'موضع التشغيل',
  'player.mute': 'كتم الصوت',
  'player.unmute': 'إلغاء كتم الصوت',
  'player.volume': 'مستوى الصوت',
  'player.enterFullscreen': 'ملء الشاشة',
  'player.exitFullscreen': 'الخروج من ملء الشاشة',
  'player.loading': 'جارٍ التحميل',
  'player.error': 'حدث خطأ أثناء تشغيل هذا الفيديو.',
  'player.retry': 'إعادة المحاولة',
  'player.timeOf': '{current} من {duration}',
  'player.volumePercent': '{percent}%',
  'player.playbackRate': 'سرعة التشغيل',
  'player.rate': '{rate}×',
  'player.controls': 'عناصر التحكم في الفيديو',
  'player.player': 'مشغّل الفيديو',
  'player.live': 'مباشر',
  'player.goToLive': 'الانتقال إلى البث المباشر',
  'player.atLiveEdge': 'على الهواء مباشرة',
  'player.behindLive': 'متأخر {offset} عن البث المباشر',

  // ── Issue 10 surfaces: one section per surface; add keys under your own marker only ──
  // [settings-menu]
  // [subtitles]
  'subtitles.off': 'الترجمة متوقفة',
  'subtitles.on': 'الترجمة: {label}',
  // [controls]
  /** The title bar's back button (player-and-client §2 "Title bar with a back button"). */
  'controls.back': 'رجوع',
  // [gestures]
  // [end-screen]
  'endScreen.label': 'التالي',
  'endScreen.others': 'المزيد للمشاهدة',
  'endScreen.close': 'إغلاق',
  'endScreen.play': 'تشغيل',
  'endScreen.source.next-episode': 'الحلقة التالية',
  'endScreen.source.continue-watching': 'متابعة المشاهدة',
  'endScreen.source.recommendation': 'مقترح لك',
  // [stats]
  // [a11y]

  // ── Time ──
  'time.days': { zero: '{count} يوم', one: 'يوم واحد', two: 'يومان', few: '{count} أيام', many: '{count} يومًا', other: '{count} يوم' },
  'time.hours': { zero: '{count} ساعة', one: 'ساعة واحدة', two: 'ساعتان', few: '{count} ساعات', many: '{count} ساعة', other: '{count} ساعة' },
  'time.minutes': { zero: '{count} دقيقة', one: 'دقيقة واحدة', two: 'دقيقتان', few: '{count} دقائق', many: '{count} دقيقة', other: '{count} دقيقة' },
  'time.seconds': { zero: '{count} ثانية', one: 'ثانية واحدة', two: 'ثانيتان', few: '{count} ثوانٍ', many: '{count} ثانية', other: '{count} ثانية' },
  /** "ساعة واحدة و5 دقائق": the conjunction و is written against the next unit. */
  'time.separator': ' و',
  'time.daysAndClock': '{days} {clock}',

  // ── Play page, shared ──
  'page.title': 'المشغّل',
  'common.back': 'رجوع',
  'common.tryAgain': 'إعادة المحاولة',
  'common.loading': 'جارٍ التحميل…',

  // ── Loading screen ──
  'loading.item': 'جارٍ تحميل العنوان…',
  'loading.episodes': 'جارٍ البحث عن الحلقة الأولى…',
  'loading.pinCheck': 'جارٍ التحقق من إعدادات الرمز السري…',
  'loading.streams': 'جارٍ تجهيز التشغيل…',

  // ── Error screen ──
  'errorScreen.code': 'رمز الخطأ:',
  'errorScreen.requestId': 'معرّف الطلب:',

  // ── Countdown ──
  'countdown.comingSoon': 'قريبًا. متاح للمشاهدة خلال',
  'countdown.availableIn': 'متاح خلال {remaining}',
  'countdown.liveSoon': 'لم يبدأ هذا البث المباشر بعد. سيبدأ التشغيل فور بدء البث.',

  'liveEnded.title': 'انتهى هذا البث المباشر',
  'liveEnded.message': 'انتهى البث. شكرًا لمشاهدتك.',

  // ── PIN entry ──
  'pin.title': 'أدخل رمزك السري',
  'pin.lockedTitle': 'تم قفل الرمز السري',
  'pin.titleLabel': 'العنوان:',
  'pin.locked': 'أُدخلت رموز سرية غير صحيحة مرات كثيرة. تم قفل إدخال الرمز السري.',
  'pin.label': {
    zero: 'الرمز السري ({count} رقم)',
    one: 'الرمز السري (رقم واحد)',
    two: 'الرمز السري (رقمان)',
    few: 'الرمز السري ({count} أرقام)',
    many: 'الرمز السري ({count} رقمًا)',
    other: 'الرمز السري ({count} رقم)',
  },
  'pin.attemptsLeft': {
    zero: 'لم تتبقَّ أي محاولة',
    one: 'تتبقّى محاولة واحدة',
    two: 'تتبقّى محاولتان',
    few: 'تتبقّى {count} محاولات',
    many: 'تتبقّى {count} محاولة',
    other: 'تتبقّى {count} محاولة',
  },
  'pin.checking': 'جارٍ التحقق…',
  'pin.continue': 'متابعة',
  'pin.empty': {
    zero: 'أدخل رمزك السري المكوّن من {count} رقم.',
    one: 'أدخل رمزك السري المكوّن من رقم واحد.',
    two: 'أدخل رمزك السري المكوّن من رقمين.',
    few: 'أدخل رمزك السري المكوّن من {count} أرقام.',
    many: 'أدخل رمزك السري المكوّن من {count} رقمًا.',
    other: 'أدخل رمزك السري المكوّن من {count} رقم.',
  },
  'pin.format': {
    zero: 'يتكوّن الرمز السري من {count} رقم.',
    one: 'يتكوّن الرمز السري من رقم واحد.',
    two: 'يتكوّن الرمز السري من رقمين.',
    few: 'يتكوّن الرمز السري من {count} أرقام.',
    many: 'يتكوّن الرمز السري من {count} رقمًا.',
    other: 'يتكوّن الرمز السري من {count} رقم.',
  },
  'pin.incorrect': {
    zero: 'رمز سري غير صحيح. لم تتبقَّ أي محاولة.',
    one: 'رمز سري غير صحيح. تتبقّى محاولة واحدة.',
    two: 'رمز سري غير صحيح. تتبقّى محاولتان.',
    few: 'رمز سري غير صحيح. تتبقّى {count} محاولات.',
    many: 'رمز سري غير صحيح. تتبقّى {count} محاولة.',
    other: 'رمز سري غير صحيح. تتبقّى {count} محاولة.',
  },

  // ── Resume prompt ──
  'resume.from': 'استئناف من {position}',
  'resume.startOver': 'البدء من البداية',

  // ── Watch-window notice ──
  'watchWindow.notice': {
    zero: 'فترة المشاهدة: بمجرد أن تبدأ التشغيل سيكون لديك {count} ساعة لإكمال المشاهدة.',
    one: 'فترة المشاهدة: بمجرد أن تبدأ التشغيل سيكون لديك ساعة واحدة لإكمال المشاهدة.',
    two: 'فترة المشاهدة: بمجرد أن تبدأ التشغيل سيكون لديك ساعتان لإكمال المشاهدة.',
    few: 'فترة المشاهدة: بمجرد أن تبدأ التشغيل سيكون لديك {count} ساعات لإكمال المشاهدة.',
    many: 'فترة المشاهدة: بمجرد أن تبدأ التشغيل سيكون لديك {count} ساعة لإكمال المشاهدة.',
    other: 'فترة المشاهدة: بمجرد أن تبدأ التشغيل سيكون لديك {count} ساعة لإكمال المشاهدة.',
  },
  'watchWindow.play': 'تشغيل',

  // ── Navigation bar and player screen ──
  'nav.back': 'رجوع',
  'nav.siblings': 'الحلقات والمحتوى الإضافي',
  'nav.previous': 'السابق: {title}',
  'nav.next': 'التالي: {title}',
  'nav.unavailable': 'غير متاح الآن',
  'related.episodes': 'الحلقات',
  'related.bonuses': 'محتوى إضافي',
  'related.noEpisodes': 'لا توجد حلقات',
  'related.comingSoon': 'قريبًا',
  'related.expired': 'منتهي الصلاحية',
  'related.playing': 'قيد التشغيل',
  'playlist.skip': 'تخطي',

  // ── Item descriptions ──
  'item.defaultSeasonName': 'الموسم',
  'item.episode': 'الحلقة {number}',

  // ── Unsupported browser ──
  'unsupported.title': 'متصفح غير مدعوم',
  'unsupported.thisBrowser': 'لا يمكن لهذا المتصفح تشغيل هذا المحتوى.',
  'unsupported.browser': 'لا يمكن لمتصفح {browser} تشغيل هذا المحتوى.',
  'unsupported.browserOn': 'لا يمكن لمتصفح {browser} على {os} تشغيل هذا المحتوى.',
  'unsupported.getApp': 'احصل على التطبيق للمشاهدة',
  'unsupported.deviceSupport': 'الأجهزة المدعومة',

  // ── Device support route ──
  'deviceSupport.title': 'الأجهزة المدعومة',
  'deviceSupport.current': 'متصفحك: {browser} على {os} ({level})',
  'deviceSupport.otherBrowser': 'متصفح آخر',
  'deviceSupport.otherOs': 'نظام آخر',
  'deviceSupport.caption': 'المتصفحات والأجهزة المدعومة',
  'deviceSupport.browser': 'المتصفح',
  'deviceSupport.yes': 'نعم',
  'deviceSupport.maybe': 'ربما',
  'deviceSupport.no': 'لا',
  'deviceSupport.loadFailed': 'تعذّر تحميل قائمة المتصفحات والأجهزة المدعومة.',

  // ── Error texts by code ──
  'error.default.title': 'حدث خطأ ما',
  'error.default.message': 'تعذّر تشغيل الفيديو.',
  'error.invalid_app.session_params.title': 'لا يوجد ما يمكن تشغيله',
  'error.invalid_app.session_params.message': 'رابط المشغّل هذا غير مكتمل. افتح العنوان مرة أخرى من المتجر.',
  'error.invalid_slug.title': 'رابط غير صالح',
  'error.invalid_slug.message': 'هذا العنوان لا يشير إلى أي محتوى يمكن تشغيله.',
  'error.film_not_found.title': 'الفيلم غير موجود',
  'error.film_not_found.message': 'تعذّر العثور على هذا الفيلم.',
  'error.season_not_found.title': 'الموسم غير موجود',
  'error.season_not_found.message': 'تعذّر العثور على هذا الموسم.',
  'error.media_not_found.title': 'المحتوى غير موجود',
  'error.media_not_found.message': 'تعذّر العثور على هذه الحلقة أو هذا المحتوى الإضافي.',
  'error.slug_not_found.title': 'غير موجود',
  'error.slug_not_found.message': 'تعذّر العثور على هذا العنوان.',
  'error.streams_are_empty.title': 'غير جاهز للتشغيل',
  'error.streams_are_empty.message': 'لا يتوفر فيديو لهذا العنوان بعد.',
  'error.access_denied.title': 'تم رفض الوصول',
  'error.access_denied.message': 'خطتك لا تشمل هذا العنوان.',
  'error.missing_from_library.title': 'ليس في مكتبتك',
  'error.missing_from_library.message': 'هذا العنوان غير موجود في مكتبتك.',
  'error.unavailable.title': 'غير متاح',
  'error.unavailable.message': 'هذا العنوان غير متاح للمشاهدة حاليًا.',
  'error.availability_expired.title': 'لم يعد متاحًا',
  'error.availability_expired.message': 'هذا العنوان لم يعد متاحًا.',
  'error.rental_expired.title': 'انتهى الاستئجار',
  'error.rental_expired.message': 'انتهت مدة استئجارك لهذا العنوان.',
  'error.live_event_completed.title': 'انتهى البث',
  'error.live_event_completed.message': 'انتهى هذا البث المباشر.',
  'error.live_stream_expired.title': 'انتهت الجلسة',
  'error.live_stream_expired.message': 'انتهت جلسة مشاهدة هذا البث المباشر. حاول مرة أخرى لمتابعة المشاهدة.',
  'error.age_restricted.title': 'مقيّد بالعمر',
  'error.age_restricted.message': 'هذا العنوان غير متاح لفئتك العمرية.',
  'error.missing_dob.title': 'تاريخ الميلاد مطلوب',
  'error.missing_dob.message': 'أضف تاريخ ميلادك إلى حسابك لمشاهدة هذا العنوان.',
  'error.unauthorized.title': 'يرجى تسجيل الدخول',
  'error.unauthorized.message': 'سجّل الدخول لمشاهدة هذا العنوان.',
  'error.not_authorized.title': 'يرجى تسجيل الدخول',
  'error.not_authorized.message': 'سجّل الدخول لمشاهدة هذا العنوان.',
  'error.server_busy.title': 'الخادم مشغول',
  'error.server_busy.message': 'خوادمنا مشغولة. يرجى المحاولة مرة أخرى بعد قليل.',
  'error.network_error.title': 'مشكلة في الاتصال',
  'error.network_error.message': 'تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.',
  'error.start_timeout.title': 'تعذّر تحميل الفيديو',
  'error.start_timeout.message': 'لم يبدأ تحميل الفيديو. تحقّق من اتصالك وحاول مرة أخرى.',
  'error.malformed_response.title': 'حدث خطأ ما',
  'error.malformed_response.message': 'أرسل الخادم ردًا لم نتمكن من فهمه.',
  'error.content_not_supported.title': 'متصفح غير مدعوم',
  'error.content_not_supported.message': 'لا يمكن لهذا المتصفح تشغيل هذا العنوان.',
  'error.too_many_devices.title': 'تم بلوغ الحد الأقصى للأجهزة',
  'error.too_many_devices.message': 'لقد بلغت الحد الأقصى لعدد أجهزتك.',
  'error.too_many_streams.title': 'عدد كبير من البثوث',
  'error.too_many_streams.message': 'أنت تشاهد على عدد كبير من الشاشات في الوقت نفسه. أوقف التشغيل على شاشة أخرى ثم حاول مرة أخرى.',
  'error.drm_failed.title': 'خطأ في التشغيل',
  'error.drm_failed.message': 'تعذّر فك حماية الفيديو لتشغيله.',
  'error.content_expired.title': 'لم يعد متاحًا',
  'error.content_expired.message': 'انتهى وصولك إلى هذا العنوان.',
  'error.incorrect_pin.title': 'رمز سري غير صحيح',
  'error.incorrect_pin.message': 'الرمز السري الذي أدخلته غير صحيح.',
  'error.too_many_attempts.title': 'محاولات كثيرة جدًا',
  'error.too_many_attempts.message': 'أُدخلت رموز سرية غير صحيحة مرات كثيرة. حاول مرة أخرى لاحقًا.',
  'error.play_token_expired.title': 'لم يعد متاحًا',
  'error.play_token_expired.message': 'هذا العنوان لم يعد متاحًا.',
  'error.invalid_file_xml.title': 'خطأ في التشغيل',
  'error.invalid_file_xml.message': 'تعذّرت قراءة الفيديو.',
  'error.content_not_found.title': 'غير موجود',
  'error.content_not_found.message': 'تعذّر العثور على هذا العنوان.',
  'error.adblocked_content.title': 'تم اكتشاف مانع إعلانات',
  'error.adblocked_content.message': 'أوقف مانع الإعلانات لمشاهدة هذا العنوان.',
};

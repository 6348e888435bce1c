import { expect } from '@open-wc/testing';
import { STRING_TABLES, ar, en } from '../../../src-element/core/i18n/tables.js';
import {
  ERROR_TEXT_CODES,
  SUPPORTED_LOCALES,
  createTranslator,
  formatCountdown,
  resolveLocale,
  type ArabicPlural,
  type MessageKey,
  type StringTable,
} from '../../../src-element/core/i18n/index.js';
import { spokenTime as spokenTimeFromFormatTime } from '../../../src-element/core/format-time.js';

const keys = Object.keys(en) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => name !== 'count').sort();
const textsOf = (value: string | Readonly<Record<string, string>>) => (typeof value === 'string' ? [value] : Object.values(value));

// Compile-time: a table without one of the English keys, or with a plain string where English has a
// plural, is not a StringTable (the @ts-expect-error lines fail to compile if that ever changes).
{
  const { 'player.play': _dropped, ...missingOne } = ar;
  // @ts-expect-error a table must have every key of the English table
  const incomplete: StringTable<ArabicPlural> = missingOne;
  // @ts-expect-error a plural key needs a plural object, not a string
  const wrongShape: StringTable<ArabicPlural> = { ...ar, 'pin.attemptsLeft': 'x' };
  void incomplete;
  void wrongShape;
}

describe('i18n: the string tables', () => {
  it('every table has every key of the English table, and no other key', () => {
    for (const locale of SUPPORTED_LOCALES) {
      const table = STRING_TABLES[locale];
      for (const key of keys) expect(table[key], `${locale} ${key}`).to.exist;
      expect(Object.keys(table).sort(), locale).to.deep.equal([...keys].sort());
    }
  });

  it('every text is non-empty and plain text (no markup)', () => {
    for (const locale of SUPPORTED_LOCALES) {
      for (const key of keys) {
        for (const text of textsOf(STRING_TABLES[locale][key])) {
          expect(key.endsWith('separator') ? text.length : text.trim().length, `${locale} ${key}`).to.be.greaterThan(0);
          expect(text, `${locale} ${key}`).to.not.match(/[<>]/);
        }
      }
    }
  });

  it('a key has the same shape and the same {placeholders} in every table', () => {
    for (const key of keys) {
      const english = en[key];
      const wanted = placeholders(textsOf(english)[textsOf(english).length - 1]!);
      for (const locale of SUPPORTED_LOCALES) {
        const value = STRING_TABLES[locale][key];
        expect(typeof value, `${locale} ${key}`).to.equal(typeof english);
        for (const text of textsOf(value)) expect(placeholders(text), `${locale} ${key}: ${text}`).to.deep.equal(wanted);
      }
    }
  });

  it('Arabic plural texts give all six categories; "few", "many" and "other" show the count', () => {
    for (const key of keys) {
      const value = ar[key];
      if (typeof value === 'string') continue;
      expect(Object.keys(value).sort(), key).to.deep.equal(['few', 'many', 'one', 'other', 'two', 'zero']);
      for (const category of ['few', 'many', 'other'] as const) expect(value[category], `${key} ${category}`).to.contain('{count}');
    }
  });
});

describe('i18n: createTranslator and t()', () => {
  it('one cached translator per language, with its direction', () => {
    expect(createTranslator('en')).to.equal(createTranslator('en-GB'));
    expect(createTranslator('ar').locale).to.equal('ar');
    expect(createTranslator('ar').dir).to.equal('rtl');
    expect(createTranslator('en').dir).to.equal('ltr');
    expect(createTranslator(undefined).locale).to.equal('en');
    expect(createTranslator('fr').locale).to.equal('en');
  });

  it('the element keys keep their English texts', () => {
    const t = createTranslator('en').t.bind(createTranslator('en'));
    expect(t('player.play')).to.equal('Play');
    expect(t('player.exitFullscreen')).to.equal('Exit fullscreen');
    expect(t('player.retry')).to.equal('Try again');
    expect(t('player.timeOf', { current: '1 minute', duration: '2 minutes' })).to.equal('1 minute of 2 minutes');
    expect(t('player.volumePercent', { percent: 40 })).to.equal('40%');
  });

  it('fills placeholders, leaves unknown ones, and returns an unknown key as is', () => {
    const i18n = createTranslator('en');
    expect(i18n.t('nav.next', { title: 'Episode 2' })).to.equal('Next: Episode 2');
    expect(i18n.t('nav.next')).to.equal('Next: {title}');
    expect(i18n.t('no.such.key' as MessageKey)).to.equal('no.such.key');
  });

  it('English plurals: one and other', () => {
    const i18n = createTranslator('en');
    expect(i18n.t('pin.attemptsLeft', { count: 1 })).to.equal('1 attempt left');
    expect(i18n.t('pin.attemptsLeft', { count: 0 })).to.equal('0 attempts left');
    expect(i18n.t('pin.attemptsLeft', { count: 4 })).to.equal('4 attempts left');
    expect(i18n.t('pin.label', { count: 4 })).to.equal('PIN (4 digits)');
  });

  it('Arabic plurals for 0, 1, 2, 3, 11 and 100 use zero, one, two, few, many and other', () => {
    const i18n = createTranslator('ar');
    const rows: Array<[number, string]> = [
      [0, 'لم تتبقَّ أي محاولة'],
      [1, 'تتبقّى محاولة واحدة'],
      [2, 'تتبقّى محاولتان'],
      [3, 'تتبقّى 3 محاولات'],
      [11, 'تتبقّى 11 محاولة'],
      [100, 'تتبقّى 100 محاولة'],
    ];
    for (const [count, text] of rows) expect(i18n.t('pin.attemptsLeft', { count }), String(count)).to.equal(text);
    expect(i18n.t('time.hours', { count: 3 })).to.equal('3 ساعات');
    expect(i18n.t('time.days', { count: 11 })).to.equal('11 يومًا');
    expect(i18n.t('time.minutes', { count: 100 })).to.equal('100 دقيقة');
  });

  it('the watch-window notice stays word for word (play-page §2), with at least one hour', () => {
    const i18n = createTranslator('en');
    expect(i18n.t('watchWindow.notice', { count: 1 })).to.equal('Watch window: Once you start playing you will have an hour to finish watching.');
    expect(i18n.t('watchWindow.notice', { count: 2 })).to.equal('Watch window: Once you start playing you will have 2 hours to finish watching.');
    expect(createTranslator('ar').t('watchWindow.notice', { count: 2 })).to.contain('ساعتان');
  });
});

describe('i18n: spokenTime', () => {
  it('English: units with plural forms, zero units left out', () => {
    const i18n = createTranslator('en');
    expect(i18n.spokenTime(3903)).to.equal('1 hour 5 minutes 3 seconds');
    expect(i18n.spokenTime(65)).to.equal('1 minute 5 seconds');
    expect(i18n.spokenTime(7200)).to.equal('2 hours');
    expect(i18n.spokenTime(1)).to.equal('1 second');
    expect(i18n.spokenTime(0)).to.equal('0 seconds');
    expect(i18n.spokenTime(-5)).to.equal('0 seconds');
    expect(i18n.spokenTime(Number.NaN)).to.equal('0 seconds');
    expect(i18n.spokenTime(59.9)).to.equal('59 seconds');
    expect(i18n.spokenTime(90_000)).to.equal('25 hours');
  });

  it('Arabic: the right plural form of each unit, joined with و', () => {
    const i18n = createTranslator('ar');
    expect(i18n.spokenTime(3903)).to.equal('ساعة واحدة و5 دقائق و3 ثوانٍ');
    expect(i18n.spokenTime(2 * 3600 + 2 * 60 + 2)).to.equal('ساعتان ودقيقتان وثانيتان');
    expect(i18n.spokenTime(11 * 60)).to.equal('11 دقيقة');
    expect(i18n.spokenTime(0)).to.equal('0 ثانية');
  });

  it('format-time.ts spokenTime is the English translator', () => {
    expect(spokenTimeFromFormatTime(65)).to.equal('1 minute 5 seconds');
  });
});

describe('i18n: formatCountdown', () => {
  it('hh:mm:ss rounded up, with days in words in front', () => {
    expect(formatCountdown(2001)).to.equal('00:00:03');
    expect(formatCountdown(0)).to.equal('00:00:00');
    expect(formatCountdown(-5000)).to.equal('00:00:00');
    expect(formatCountdown(86_400_000)).to.equal('1 day 00:00:00');
    expect(formatCountdown(2 * 86_400_000 + 1000)).to.equal('2 days 00:00:01');
    expect(formatCountdown(2 * 86_400_000 + 1000, createTranslator('ar'))).to.equal('يومان 00:00:01');
    expect(formatCountdown(3 * 86_400_000 + 3_600_000, createTranslator('ar'))).to.equal('3 أيام 01:00:00');
  });
});

describe('i18n: resolveLocale', () => {
  const rows: Array<[Parameters<typeof resolveLocale>[0], string]> = [
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['AR_sa', 'ar'],
    [' ar ', 'ar'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['fr', 'en'],
    ['arn', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
    [[], 'en'],
    [['fr-FR', 'ar-MA', 'en'], 'ar'],
    [['de', 'en-US', 'ar'], 'en'],
    [['fr', 'de'], 'en'],
  ];
  for (const [tag, locale] of rows) {
    it(`${JSON.stringify(tag)} → ${locale}`, () => expect(resolveLocale(tag)).to.equal(locale));
  }
});

describe('i18n: errorText', () => {
  // Every code the play page shows (play-page §8 "Codes shown to users", flow-errors.ts) and the
  // player's codes with their own text (player-and-client §8).
  const SHOWN_CODES = [
    'availability_expired', 'live_event_completed', 'server_busy', 'adblocked_content', 'access_denied', 'missing_from_library',
    'unavailable', 'age_restricted', 'missing_dob', 'incorrect_pin', 'too_many_attempts', 'rental_expired', 'invalid_slug',
    'film_not_found', 'season_not_found', 'streams_are_empty', 'invalid_app.session_params', 'media_not_found', 'slug_not_found',
    'unauthorized', 'not_authorized', 'network_error', 'malformed_response', 'content_not_supported', 'too_many_devices',
    'too_many_streams', 'drm_failed', 'content_expired', 'play_token_expired', 'invalid_file_xml', 'content_not_found',
    'start_timeout',
    'live_stream_expired',
    'watermark_tampered',
    'ad_error',
    'module_load_failed',
  ];

  it('every code the play page shows has its own title and message in both languages', () => {
    expect([...ERROR_TEXT_CODES].sort()).to.deep.equal([...SHOWN_CODES].sort());
    for (const locale of SUPPORTED_LOCALES) {
      const i18n = createTranslator(locale);
      const generic = i18n.errorText('no_such_code');
      for (const code of SHOWN_CODES) {
        const text = i18n.errorText(code);
        expect(text.title, `${locale} ${code}`).to.be.a('string').and.not.equal('');
        expect(text.message, `${locale} ${code}`).to.be.a('string').and.not.equal('');
        if (code !== 'malformed_response') expect(text.title, `${locale} ${code}`).to.not.equal(generic.title);
      }
    }
  });

  it('the spec wordings: client messages and "You have reached your device limit." (player-and-client §8)', () => {
    const i18n = createTranslator('en');
    expect(i18n.errorText('film_not_found').title).to.equal('Film not found');
    expect(i18n.errorText('season_not_found').title).to.equal('TV season not found');
    expect(i18n.errorText('media_not_found').title).to.equal('Media not found');
    expect(i18n.errorText('too_many_devices').message).to.equal('You have reached your device limit.');
  });

  it('an unknown code, a pattern code or "default" gets the generic text', () => {
    for (const code of ['no_such_code', 'bad_http_status_503', 'license_revoked', 'default', '', 'toString', '__proto__']) {
      expect(createTranslator('en').errorText(code), code).to.deep.equal({ title: 'Something went wrong', message: 'The video could not be played.' });
      expect(createTranslator('ar').errorText(code), code).to.deep.equal({ title: 'حدث خطأ ما', message: 'تعذّر تشغيل الفيديو.' });
    }
  });
});

/**
 * The Arabic string table is complete (issue 10 "Every string through the string table, with
 * complete Arabic"): every English key has a non-empty Arabic text written in Arabic, never the
 * English text copied over, with the same `{placeholders}`. Runs on the source tables
 * (`src-element/core/i18n/`), so a surface that adds a key to `en.ts` only, or pastes the English
 * wording into `ar.ts`, fails here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ar } from '../../src-element/core/i18n/ar.js';
import { en } from '../../src-element/core/i18n/en.js';

type Text = string | Readonly<Record<string, string>>;
const EN = en as unknown as Readonly<Record<string, Text>>;
const AR = ar as unknown as Readonly<Record<string, Text>>;

/**
 * Keys whose Arabic text may equal the English one although it has letters, with the reason.
 * (Texts made only of placeholders, digits and signs, such as `{percent}%`, need no entry: they
 * are recognised by {@link hasWords}.)
 */
const SAME_IN_BOTH: Readonly<Record<string, string>> = Object.freeze({});

const PLACEHOLDER = /\{(\w+)\}/g;

/** The texts of one value: a plain text, or each form of a plural text. */
function forms(value: Text): string[] {
  return typeof value === 'string' ? [value] : Object.values(value);
}

/** The sorted, distinct `{placeholder}` names of a text. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))].sort();
}

/** True when the text has letters outside its placeholders (it says something to translate). */
function hasWords(text: string): boolean {
  return /\p{L}/u.test(text.replace(PLACEHOLDER, ''));
}

/** True when the text (outside placeholders) is written in Arabic script. */
function isArabic(text: string): boolean {
  return /\p{Script=Arabic}/u.test(text.replace(PLACEHOLDER, ''));
}

describe('i18n: the Arabic table is complete', () => {
  it('has every English key, and no other', () => {
    const missing = Object.keys(EN).filter((key) => !Object.hasOwn(AR, key));
    const extra = Object.keys(AR).filter((key) => !Object.hasOwn(EN, key));
    assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
  });

  it('every Arabic text (each plural form) is non-empty', () => {
    const empty = Object.entries(AR).flatMap(([key, value]) => (forms(value).some((text) => text.trim() === '') ? [key] : []));
    assert.deepEqual(empty, []);
  });

  it('no Arabic text is the English text copied over (except placeholders-only texts and the listed ones)', () => {
    const copied = Object.keys(EN).filter((key) => {
      if (Object.hasOwn(SAME_IN_BOTH, key)) return false;
      const english = new Set(forms(EN[key]!));
      return forms(AR[key]!).some((text) => english.has(text) && hasWords(text));
    });
    assert.deepEqual(copied, []);
  });

  it('every Arabic text that has words is written in Arabic script', () => {
    const notArabic = Object.keys(AR).filter(
      (key) => !Object.hasOwn(SAME_IN_BOTH, key) && forms(AR[key]!).some((text) => hasWords(text) && !isArabic(text)),
    );
    assert.deepEqual(notArabic, []);
  });

  it('the placeholders of every Arabic text are those of the English text', () => {
    const mismatched = Object.keys(EN).flatMap((key) => {
      const english = new Set(forms(EN[key]!).flatMap(placeholders));
      // An Arabic plural form may leave `{count}` out ("ساعة واحدة" says one in words).
      return forms(AR[key] ?? '').flatMap((text) => {
        const arabic = placeholders(text);
        const unknown = arabic.filter((name) => !english.has(name));
        const lost = [...english].filter((name) => name !== 'count' && !arabic.includes(name));
        return unknown.length > 0 || lost.length > 0 ? [`${key}: ${JSON.stringify(text)} (unknown ${unknown.join(', ')}, missing ${lost.join(', ')})`] : [];
      });
    });
    assert.deepEqual(mismatched, []);
  });

  it('the checks catch a copied text and a lost placeholder (sanity of the helpers)', () => {
    assert.equal(hasWords('{percent}%'), false);
    assert.equal(hasWords('{days} {clock}'), false);
    assert.equal(hasWords('Play'), true);
    assert.equal(isArabic('تشغيل {title}'), true);
    assert.equal(isArabic('Play {title}'), false);
    assert.deepEqual(placeholders('{a} of {b} and {a}'), ['a', 'b']);
  });
});

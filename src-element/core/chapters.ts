// issue 27 item 2
/**
 * Chapters: which chapters file a player reads, which language it shows, the chapters in order,
 * and the chapter at a position. Framework-free (core layer); the engines load the files, the seek
 * bar and the settings menu show the result.
 *
 * Units: positions in seconds.
 */
import type { ChapterInfo, ChaptersFile } from './engine/engine.js';
import type { Translator } from './i18n/index.js';
import type { S72Content } from './types.js';

/** The primary subtag of a language tag, lower-case (`en-GB` → `en`); '' for none. */
function primary(language: string | undefined): string {
  return (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * The content's chapters files with their URLs resolved against `baseUrl`; entries without a
 * usable http(s) URL are dropped. A file without a language is `und`.
 */
export function chaptersFiles(content: Pick<S72Content, 'chapters'> | null | undefined, baseUrl: string): ChaptersFile[] {
  const list = content?.chapters;
  if (!Array.isArray(list)) return [];
  const files: ChaptersFile[] = [];
  for (const entry of list as readonly unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { url, language } = entry as { url?: unknown; language?: unknown };
    if (typeof url !== 'string' || url.trim() === '') continue;
    let resolved: URL;
    try {
      resolved = new URL(url, baseUrl);
    } catch {
      continue;
    }
    if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:') continue;
    files.push({ url: resolved.href, language: typeof language === 'string' && language.trim() ? language.trim() : 'und' });
  }
  return files;
}

/**
 * The language whose chapters show: one of `available` matching `wanted` (exactly, else by its
 * primary subtag), else the first available; null when there are none.
 */
export function chooseChapterLanguage(available: readonly string[], wanted: string): string | null {
  if (available.length === 0) return null;
  const exact = available.find((language) => language.toLowerCase() === wanted.toLowerCase());
  if (exact !== undefined) return exact;
  return available.find((language) => primary(language) === primary(wanted)) ?? available[0]!;
}

/**
 * Chapters as the player shows them: finite, non-negative starts, ordered by start, one per start
 * (the first kept), titles trimmed; an end before its start becomes the next start (or the start).
 */
export function normaliseChapters(chapters: readonly { startTime: number; endTime: number; title: string }[]): ChapterInfo[] {
  const sorted = chapters
    .filter((chapter) => Number.isFinite(chapter.startTime) && chapter.startTime >= 0)
    .map((chapter) => ({ startTime: chapter.startTime, endTime: chapter.endTime, title: String(chapter.title ?? '').trim() }))
    .sort((a, b) => a.startTime - b.startTime);
  const result: ChapterInfo[] = [];
  for (const chapter of sorted) {
    if (result.length > 0 && result[result.length - 1]!.startTime === chapter.startTime) continue;
    result.push(chapter);
  }
  return result.map((chapter, index) => {
    const next = result[index + 1]?.startTime;
    const endTime = Number.isFinite(chapter.endTime) && chapter.endTime > chapter.startTime ? chapter.endTime : (next ?? chapter.startTime);
    return { ...chapter, endTime };
  });
}

/** The chapter playing at `time`: the last one starting at or before it; null before the first. */
export function chapterAt(chapters: readonly ChapterInfo[], time: number): ChapterInfo | null {
  let found: ChapterInfo | null = null;
  for (const chapter of chapters) {
    if (chapter.startTime <= time) found = chapter;
    else break;
  }
  return found;
}

/** A chapter's title as shown: its own, else "Chapter {number}" (`index` from 0). */
export function chapterLabel(chapters: readonly ChapterInfo[], chapter: ChapterInfo, t: Translator): string {
  return chapter.title || t.t('settings.chapterUntitled', { number: chapters.indexOf(chapter) + 1 });
}

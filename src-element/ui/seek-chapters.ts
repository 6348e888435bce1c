// issue 27 item 2
/**
 * The seek bar's chapter parts: the markers (a gap in the track at each chapter's start after the
 * first) and the chapter title line of the time tooltip. Decoration only: the markers sit in the
 * track, which assistive tech does not see; the title is spoken through the input's
 * `aria-valuetext`.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { ChapterInfo } from '../core/engine/engine.js';

export const chapterStyles = css`
  .chapter-gap {
    position: absolute;
    inset-block: 0;
    inline-size: 0.1875em;
    translate: -50% 0;
    background: var(--s72-seek-chapter-gap-color, rgb(0 0 0 / 0.75));
  }
  :host(:dir(rtl)) .chapter-gap {
    translate: 50% 0;
  }
  .tooltip:has(.chapter-title) {
    text-align: center;
  }
  .chapter-title {
    display: block;
    max-inline-size: 16em;
    overflow: hidden;
    text-overflow: ellipsis;
    font-weight: 600;
    font-variant-numeric: normal;
    text-align: center;
    unicode-bidi: isolate;
  }
`;

/**
 * The markers inside the track: one at each chapter start after the bar's start.
 * @param fraction a position's place along the bar, 0..1
 */
export function chapterMarkers(chapters: readonly ChapterInfo[], fraction: (seconds: number) => number): TemplateResult[] {
  return chapters
    .map((chapter) => fraction(chapter.startTime))
    .filter((at) => at > 0 && at < 1)
    .map((at) => html`<div class="chapter-gap" part="seek-chapter-marker" style="inset-inline-start: ${(at * 100).toFixed(3)}%"></div>`);
}

/** The tooltip's title line (or nothing outside the chapters). */
export function chapterTitleLine(title: string | null): TemplateResult | typeof nothing {
  return title ? html`<span class="chapter-title" part="seek-chapter-title" dir="auto">${title}</span>` : nothing;
}

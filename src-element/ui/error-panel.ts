// play-page §8 "Codes shown to users"; player-and-client §8 "Retry button default text 'Try again'; it reloads the media"
/**
 * The player's error panel. Text only: nothing here is rendered as HTML. An embedder may put its own text for one code in the `error-<code>`
 * slot.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { S72Error, S72ErrorCode } from '../core/errors.js';
import type { Translator } from '../core/i18n/index.js';
import { icon } from './icons.js';

// player-and-client §8
/**
 * Errors a reload of the same source cannot fix, so the panel offers no "Try again": the live event
 * has finished (LIVE_STREAM_COMPLETED), the heartbeat said the rights are gone (HEARTBEAT_FORBIDDEN),
 * the watermark was tampered with (the player is destroyed).
 */
export const NOT_RETRYABLE: ReadonlySet<S72ErrorCode> = new Set<S72ErrorCode>(['live_event_completed', 'content_expired', 'watermark_tampered']);

/** The panel for `error`, in `i18n`'s language; `retry` reloads the media at the last position. */
export function errorPanel(error: S72Error, i18n: Translator, retry: () => void): TemplateResult {
  const { title, message } = i18n.errorText(error.code);
  return html`
    <div class="error" part="error" role="alert">
      <slot name=${`error-${error.code}`}>
        <p><strong>${title}</strong></p>
        <p>${message}</p>
      </slot>
      <code>${error.code}</code>
      ${NOT_RETRYABLE.has(error.code)
        ? nothing
        : html`<button @click=${retry}><slot name="retry">${icon('retry')}</slot> ${i18n.t('player.retry')}</button>`}
    </div>
  `;
}

import { css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { S72Suggestion } from '../core/ui/ui-state.js';
import { defineElement } from '../define.js';
import { fireRequest, type S72EndScreenClick } from '../events.js';
import { icon } from './icons.js';
import { PlayerUiElement } from './player-ui-element.js';

// player-and-client §2 "one main suggestion and up to 3 others"
/** The main suggestion and at most this many more. */
export const END_SCREEN_OTHERS = 3;

// player-and-client §2, §4, §7; play-page §9 "orientation landscape or portrait"
/**
 * @tagname s72-end-screen
 * @summary The end screen, "Up next": one main suggestion and up to
 * 3 others, over the video near the end of the last playlist item.
 *
 * It shows while the store's `endScreen` row is true (the end-screen controller's timing rule,
 * `core/ui/end-screen-rules.ts`) and there are `suggestions` (the player's `suggestions` property,
 * main one first). Every suggestion is a native `<button>` named by its visible text (title, subtitle,
 * where it comes from; "Play" on the main one); catalogue text is rendered as text. When it appears while keyboard focus is inside the player, focus moves to
 * the main suggestion. Inside `<s72-player>`, everything it covers (title bar, control bar, big play
 * button) is `inert` while it shows, so Tab cycles through its own buttons only. The Close button (and Escape, through the keyboard controller) sends
 * `s72-end-screen-close-request`; it stays closed for this item.
 *
 * A click on a suggestion fires `s72-end-screen-click` `{slug, source, href}` (bubbles, composed,
 * cancelable): the page sends its `custom:end-screen-video-clicked` telemetry, flushes it and
 * navigates itself (calling `preventDefault()`); when nobody cancels it and `href` is on the page's
 * origin, the end screen goes there.
 *
 * Layout: landscape cards (16:9 images) by default; portrait (2:3) cards with the player's
 * `config.endScreen.orientation: 'portrait'` or the `orientation` attribute (it wins). It
 * sits above the big play button and the control bar, so neither covers it.
 *
 * @attr orientation - `landscape` (default) or `portrait`
 * @fires {CustomEvent<S72EndScreenClick>} s72-end-screen-click - a suggestion was chosen; cancel it to navigate yourself
 * @attr {boolean} open - (read-only) set while the end screen shows
 * @attr {'landscape' | 'portrait'} layout - (read-only) the card layout in force: `orientation`, else the player's `config.endScreen.orientation`
 * @fires {CustomEvent} s72-end-screen-close-request - the Close button
 * @slot close - replaces the Close button's icon
 * @csspart panel - the panel behind the suggestions (on `<s72-player>` the whole end screen is the part
 *   `end-screen`, and `suggestion`, `main-suggestion`, `close-button` are passed through)
 * @csspart suggestion - every suggestion card (a `<button>`)
 * @csspart main-suggestion - the main suggestion card (also `suggestion`)
 * @csspart close-button - the Close button
 * @cssprop [--s72-end-screen-background=rgb(0 0 0 / 0.85)] - behind the suggestions
 * @cssprop [--s72-end-screen-inset-block-start=1.25rem] - room at the top, e.g. for a page's bar laid over the player
 * @cssprop [--s72-accent-color=#e50914] - the "Up next" label and the main card's play badge
 * @cssprop [--s72-focus-color=#fff] - keyboard focus ring
 */
export class S72EndScreen extends PlayerUiElement {
  static override storeKeys = ['endScreen', 'suggestions', 'endScreenOrientation'] as const;

  /** `landscape` or `portrait` cards; unset: the player's `config.endScreen.orientation` (default landscape). */
  @property({ reflect: true }) orientation: 'landscape' | 'portrait' | null = null;

  static override styles = css`
    :host {
      display: none;
    }
    :host([open]) {
      display: block;
      position: absolute;
      inset: 0;
      z-index: 2;
      font: 1rem/1.3 system-ui, sans-serif;
      color: #fff;
    }
    .panel {
      box-sizing: border-box;
      block-size: 100%;
      display: flex;
      flex-direction: column;
      gap: 0.75rem;
      padding: 1.25rem 1.5rem;
      padding-block-start: var(--s72-end-screen-inset-block-start, 1.25rem);
      background: var(--s72-end-screen-background, rgb(0 0 0 / 0.85));
      overflow: auto;
    }
    header {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 1rem;
    }
    h2 {
      margin: 0;
      font-size: 1.25rem;
    }
    h3 {
      margin: 0;
      font-size: 1rem;
      font-weight: 600;
    }
    button {
      font: inherit;
      color: inherit;
      cursor: pointer;
    }
    button:focus-visible {
      outline: 3px solid var(--s72-focus-color, #fff);
      outline-offset: 2px;
    }
    .close {
      display: inline-flex;
      align-items: center;
      gap: 0.25rem;
      padding: 0.375rem 0.625rem;
      border: 1px solid rgb(255 255 255 / 0.6);
      border-radius: 0.375rem;
      background: rgb(0 0 0 / 0.6);
    }
    .close svg {
      inline-size: 1.25rem;
      block-size: 1.25rem;
    }
    .cards {
      display: grid;
      grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
      gap: 1rem;
      align-items: start;
    }
    .others {
      display: grid;
      gap: 0.5rem;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 0.5rem;
    }
    .card {
      display: grid;
      grid-template-columns: 8rem minmax(0, 1fr);
      gap: 0.625rem;
      align-items: center;
      inline-size: 100%;
      padding: 0.375rem;
      border: 0;
      border-radius: 0.375rem;
      background: rgb(255 255 255 / 0.08);
      text-align: start;
    }
    .card:hover {
      background: rgb(255 255 255 / 0.16);
    }
    .main {
      grid-template-columns: 1fr;
      padding: 0.5rem;
    }
    .image {
      display: block;
      inline-size: 100%;
      aspect-ratio: 16 / 9;
      object-fit: cover;
      border-radius: 0.25rem;
      background: #222;
    }
    :host([layout='portrait']) .image {
      aspect-ratio: 2 / 3;
    }
    :host([layout='portrait']) .card:not(.main) {
      grid-template-columns: 4rem minmax(0, 1fr);
    }
    .text {
      display: grid;
      gap: 0.125rem;
      min-inline-size: 0;
    }
    .title {
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    .subtitle,
    .source {
      font-size: 0.875rem;
      color: #d6d6d6;
    }
    .play {
      justify-self: start;
      padding: 0.125rem 0.5rem;
      border-radius: 0.25rem;
      background: var(--s72-accent-color, #e50914);
      color: #fff;
      font-size: 0.875rem;
      font-weight: 600;
    }
    @media (max-width: 40rem) {
      .cards {
        grid-template-columns: 1fr;
      }
    }
  `;

  /** Whether the end screen shows. */
  get open(): boolean {
    const { endScreen, suggestions } = this.state;
    return endScreen && suggestions.length > 0;
  }

  private wasOpen = false;
  private hadFocus = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Read before render: Chromium moves focus away as soon as a focused button is removed.
    this.hadFocus = this.matches(':focus-within');
    this.toggleAttribute('open', this.open);
    this.setAttribute('layout', this.orientation ?? this.state.endScreenOrientation);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const open = this.open;
    if (open && !this.wasOpen && this.focusInPlayer()) {
      this.focusMain();
    } else if (!open && this.wasOpen && this.hadFocus) {
      // Closed with focus inside: keep it in the player (its first control, WCAG 2.4.3).
      const root = this.getRootNode();
      if (root instanceof ShadowRoot) (root.host as HTMLElement).focus();
    }
    this.wasOpen = open;
  }

  protected override render() {
    if (!this.open) return nothing;
    const i18n = this.i18n;
    const [main, ...rest] = this.state.suggestions;
    const others = rest.slice(0, END_SCREEN_OTHERS);
    return html`
      <section class="panel" part="panel" role="region" aria-labelledby="label">
        <header>
          <h2 id="label">${i18n.t('endScreen.label')}</h2>
          <button type="button" class="close" part="close-button" @click=${this.onClose}>
            <slot name="close">${icon('close')}</slot><span>${i18n.t('endScreen.close')}</span>
          </button>
        </header>
        <div class="cards">
          ${this.card(main!, true)}
          ${others.length
            ? html`<div class="others">
                <h3 id="others">${i18n.t('endScreen.others')}</h3>
                <ul aria-labelledby="others">
                  ${others.map((item) => html`<li>${this.card(item, false)}</li>`)}
                </ul>
              </div>`
            : nothing}
        </div>
      </section>
    `;
  }

  private card(item: S72Suggestion, main: boolean) {
    const i18n = this.i18n;
    return html`
      <button
        type="button"
        class="card ${main ? 'main' : ''}"
        part=${main ? 'suggestion main-suggestion' : 'suggestion'}
        data-slug=${item.slug}
        @click=${() => this.choose(item)}
      >
        ${item.image ? html`<img class="image" src=${item.image} alt="" loading="lazy" />` : html`<span class="image"></span>`}
        <span class="text">
          ${main ? html`<span class="play">${i18n.t('endScreen.play')}</span>` : nothing}
          <span class="title" dir="auto">${item.title}</span>
          ${item.subtitle
            ? // The subtitle is composed by the page in its language ("Show · Season 1 · Episode 2"): it
              // reads in the player's direction, not the first name's (a Latin show title would turn
              // an Arabic line left to right); each catalogue name keeps its own script's order.
              html`<span class="subtitle">${item.subtitle}</span>`
            : nothing}
          <span class="source">${i18n.t(`endScreen.source.${item.source}`)}</span>
        </span>
      </button>
    `;
  }

  /** Focuses the main suggestion (while open; the player does when it opens with the focus inside the player). */
  focusMain(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('[part~="main-suggestion"]')?.focus();
  }

  /** True when keyboard focus is inside the player (or this element) now. */
  private focusInPlayer(): boolean {
    const root = this.getRootNode();
    if (root instanceof ShadowRoot) return root.activeElement !== null && root.activeElement !== this;
    return this.matches(':focus-within');
  }

  private readonly onClose = (): void => {
    fireRequest(this, 's72-end-screen-close-request');
  };

  private choose(item: S72Suggestion): void {
    const detail: S72EndScreenClick = { slug: item.slug, source: item.source, ...(item.href ? { href: item.href } : {}) };
    const event = new CustomEvent('s72-end-screen-click', { detail, bubbles: true, composed: true, cancelable: true });
    if (!this.dispatchEvent(event) || !item.href) return;
    const target = sameOriginUrl(item.href);
    if (target) this.navigate(target);
  }

  /** Goes to a same-origin address (a hook so tests can watch it instead of leaving the page). */
  protected navigate(url: string): void {
    window.location.assign(url);
  }
}

/** `href` resolved against the page when it is on the page's origin (http/https), else null. */
export function sameOriginUrl(href: string): string | null {
  try {
    const url = new URL(href, window.location.href);
    return url.origin === window.location.origin && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
  } catch {
    return null;
  }
}

defineElement('s72-end-screen', S72EndScreen);

declare global {
  interface HTMLElementTagNameMap {
    's72-end-screen': S72EndScreen;
  }
}

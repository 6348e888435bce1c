import { css, html, nothing, type PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { icon } from './icons.js';
import { PlayerUiElement } from './player-ui-element.js';

// player-and-client §2 "a back button that goes to a configured navigate-back URL"
/**
 * The back button's target, or null when it must not show: only `http:` and `https:` URLs, absolute or
 * relative to `baseHref` (a path on this site such as `/browse`). Anything else — `javascript:`,
 * `data:`, `blob:`, `file:`, an empty or unparsable string — is refused. Returns the resolved URL.
 * Pure.
 *
 * @example safeBackUrl('/browse', 'https://shop.example/play/') // 'https://shop.example/browse'
 * @example safeBackUrl('javascript:alert(1)', 'https://shop.example/') // null
 */
export function safeBackUrl(url: unknown, baseHref: string): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null;
  try {
    const resolved = new URL(url.trim(), baseHref);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}

// player-and-client §2 "Title bar with a back button"; player-and-client §9
/**
 * @tagname s72-title-bar
 * @summary The title bar of `<s72-player>`:
 * a back link, the title and subtitle, and a slot for the page's own controls.
 *
 * A top overlay that hides with the controls (the idle controller). It
 * renders from the store: `title` and `subtitle` (config `title`, `subtitle`: catalogue text,
 * rendered as text with `dir="auto"` so an Arabic title reads right to left inside an English page)
 * and `backUrl` (config `navigateBackUrl`; shown only when `safeBackUrl` accepts it). The back
 * button is a link (`<a href>`, named "Back"), so it navigates like any link (new tab, history).
 *
 * The title is a paragraph, not a heading: the player is embedded in a page that owns its outline
 * (and its `h1`, usually the same title), so a heading here would add a second, out-of-place entry
 * to the page's headings; assistive tech reads it as the first text of the player.
 *
 * The element is hidden (`display: none`, the `empty` attribute) when it has nothing to show: no
 * title, no subtitle, no valid back URL and nothing slotted.
 *
 * @attr {boolean} empty - (read-only) set when there is nothing to show (the bar is hidden)
 * @slot back - replaces the back icon (mirrored under right-to-left, like the default arrow)
 * @slot title-bar-end - the page's own controls at the end of the bar (the play page's episode list);
 *   on `<s72-player>` the slot of the same name passes through to it
 * @csspart back-button - the back link
 * @csspart title - the title
 * @csspart subtitle - the subtitle (second line)
 * @csspart ad-badge - the "Ad" label shown before the title while the content is a playlist's ad item (`content.playbackMode: 'ad'`)
 * @cssprop [--s72-title-font-size=18px] - the title's font size (default: per form factor, 18 / 24 / 50 px; the subtitle is 0.7 of it)
 * @cssprop [--s72-title-bar-background=linear-gradient(rgb(0 0 0 / 0.75), transparent)]
 */
export class S72TitleBar extends PlayerUiElement {
  static override storeKeys = ['title', 'subtitle', 'backUrl', 'adItem'] as const;
  static override styles = css`
    :host {
      display: flex;
      align-items: center;
      gap: 0.5em;
      padding: 0.5em 0.75em 1.25em;
      box-sizing: border-box;
      color: #fff;
      background: var(--s72-title-bar-background, linear-gradient(rgb(0 0 0 / 0.75), transparent));
      font: 600 var(--s72-title-font-size, var(--_s72-title-font-size, 18px)) / 1.25 system-ui, sans-serif;
    }
    :host([empty]) {
      display: none;
    }
    a {
      display: inline-grid;
      place-items: center;
      flex: none;
      inline-size: 2.25em;
      block-size: 2.25em;
      border-radius: 0.375em;
      color: inherit;
    }
    a:hover {
      background: rgb(255 255 255 / 0.12);
    }
    a:focus-visible {
      outline: 2px solid var(--s72-focus-color, #fff);
      outline-offset: 2px;
    }
    a svg {
      inline-size: 1.4em;
      block-size: 1.4em;
    }
    .icon {
      display: inline-grid;
      place-items: center;
    }
    /*
     * The back arrow points towards the start of the line: mirrored under RTL. On the wrapper, not
     * on an svg: the icon is slotted (the player passes its own back slot through), and a rule
     * here cannot reach into the slotted content.
     */
    :host(:dir(rtl)) .icon {
      transform: scaleX(-1);
    }
    /*
     * A column whose lines shrink to their text and sit at the start of the bar (next to the back
     * button, on the right under RTL), whatever direction their own text has (dir=auto): text-align
     * would follow the line's own direction and push a Latin title to the far side of an RTL bar.
     */
    .text {
      flex: 1 1 auto;
      min-inline-size: 0;
      display: flex;
      flex-direction: column;
      align-items: flex-start;
    }
    p {
      margin: 0;
      max-inline-size: 100%;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .subtitle {
      font-size: 0.7em;
      font-weight: 400;
    }
    ::slotted(*) {
      flex: none;
    }
    /* [ads] a playlist's ad item: "Ad" before the title. */
    .ad-badge {
      flex: none;
      padding: 0.1em 0.45em;
      border-radius: 0.25em;
      background: #ffd54f;
      color: #000;
      font-size: 0.7em;
      font-weight: 700;
    }
  `;

  /** True while something is slotted into `title-bar-end`. */
  @state() private hasEndContent = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const { title, subtitle, adItem } = this.state;
    this.toggleAttribute('empty', !title && !subtitle && !adItem && !this.backHref() && !this.hasEndContent);
  }

  private backHref(): string | null {
    return safeBackUrl(this.state.backUrl, document.baseURI);
  }

  protected override render() {
    const { title, subtitle } = this.state;
    const back = this.backHref();
    return html`
      ${back
        ? html`<a part="back-button" href=${back} aria-label=${this.i18n.t('controls.back')}><span class="icon"><slot name="back">${icon('back')}</slot></span></a>`
        : nothing}
      ${this.state.adItem ? html`<span class="ad-badge" part="ad-badge">${this.i18n.t('ads.label')}</span>` : nothing}
      <div class="text">
        ${title ? html`<p class="title" part="title" dir="auto">${title}</p>` : nothing}
        ${subtitle
          ? // Composed by the page in its language ("Show · Season 1 · Episode 3"): it reads in the
            // player's direction, not its first name's (a Latin show name would turn an Arabic
            // line left to right); each part is isolated (<bdi>) and keeps its own script's order,
            // so an English tagline in an Arabic player keeps its full stop at its end.
            html`<p class="subtitle" part="subtitle">${subtitle.split(' · ').map((part, index) => html`${index > 0 ? ' · ' : ''}<bdi>${part}</bdi>`)}</p>`
          : nothing}
      </div>
      <slot name="title-bar-end" @slotchange=${this.onSlotChange}></slot>
    `;
  }

  private onSlotChange(event: Event): void {
    this.hasEndContent = (event.target as HTMLSlotElement).assignedElements({ flatten: true }).length > 0;
  }
}

defineElement('s72-title-bar', S72TitleBar);

declare global {
  interface HTMLElementTagNameMap {
    's72-title-bar': S72TitleBar;
  }
}

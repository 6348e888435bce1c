import { adoptStyles, css, html, nothing, type PropertyValues } from 'lit';
import { query, state } from 'lit/decorators.js';
import type { SettingsEntry, SettingsFacts, SettingsOption, SettingsSubmenu } from '../core/ui/settings-menu-model.js';
import { hasSettingsEntries } from '../core/ui/settings-menu-rules.js';
import { defineElement } from '../define.js';
import { fireRequest } from '../events.js';
import { icon } from './icons.js';
import { PlayerUiElement } from './player-ui-element.js';

// issue 23: the menu's model and view are fetched the first time the menu opens (or the pointer or
// the focus comes to its button), so a start never downloads them.
type MenuModule = typeof import('./settings-menu-view.js');
let menuModule: MenuModule | null = null;
let menuLoad: Promise<MenuModule> | null = null;

/**
 * Fetches the menu's code once for every settings menu (a failed fetch is tried again next time);
 * resolves after a menu that waited for it has opened. Exported for tests.
 */
export function loadSettingsMenu(): Promise<unknown> {
  return loadMenu();
}

function loadMenu(): Promise<MenuModule> {
  menuLoad ??= import('./settings-menu-view.js').then(
    (module) => (menuModule = module),
    (error: unknown) => {
      menuLoad = null;
      throw error;
    },
  );
  return menuLoad;
}

// player-and-client §4 "Menus", §5 "Menu rules"
/**
 * @tagname s72-settings-menu
 * @summary The settings button and its menu:
 * Subtitles, Subtitle settings, Audio, Playback speed, Quality and Chapters, each a submenu.
 *
 * What shows follows `core/ui/settings-menu-model.ts`: Subtitles with at least one text track,
 * Subtitle settings with one and `showSubtitleSettings`, Audio with two or more audio tracks,
 * Playback speed when `playbackRates` is on, Quality with two or more video tracks, Chapters with
 * chapters while seeking is allowed (choosing one seeks to its start and closes the menu). With none of
 * them the button is hidden. The main view lists each submenu with its current value; a submenu
 * lists its options as `menuitemradio`s (`aria-checked` on the current one).
 *
 * A WAI-ARIA menu button: Enter, Space or ArrowDown on the button open the menu on its first item,
 * ArrowUp on its last; in the menu ArrowDown/ArrowUp move (wrapping), Home/End jump, Enter/Space
 * choose, ArrowRight (ArrowLeft under RTL) opens a submenu and ArrowLeft (ArrowRight under RTL) or
 * the Back item return to the main view; Escape closes the menu and gives focus back to the
 * button; Tab or a click outside closes it. While it is open the player's `menuOpen` row is true
 * (`s72-menu-request`), so the controls stay up. A choice sends its request and returns to the
 * main view. The menu's code is fetched when the pointer or the focus first comes to the button
 * (at the latest on the first open, which then waits for it).
 *
 * @attr {boolean} empty - (read-only) set when the menu has nothing to offer (the button is hidden)
 * @slot settings - replaces the settings button's icon
 * @fires {CustomEvent<string | null>} s72-text-track-request - a subtitle track id, or null for Off
 * @fires {CustomEvent<string>} s72-audio-track-request - an audio track id
 * @fires {CustomEvent<number>} s72-rate-request - a playback rate (1 = normal)
 * @fires {CustomEvent<string | null>} s72-quality-request - a video track id, or null for Auto
 * @fires {CustomEvent<Partial<{subtitleTextColor: 'white' | 'yellow'; subtitleBackground: 'none' | 'black' | 'transparent-panel'; subtitleTextSize: 'sm' | 'md' | 'lg'}>>} s72-preferences-request - a subtitle preference (`Partial<SubtitlePreferences>`)
 * @fires {CustomEvent<number>} s72-seek-request - a chapter's start, seconds
 * @fires {CustomEvent<boolean>} s72-menu-request - the menu opened (true) or closed (false)
 * @csspart settings-button - the settings button
 * @csspart settings-menu - the menu panel
 * @csspart menu-item - every item of the menu
 * @cssprop [--s72-menu-background=rgb(20 20 20 / 0.95)] - the menu panel's background
 * @cssprop [--s72-menu-color=#fff] - the menu's text colour
 * @cssprop [--s72-menu-max-block-size=20em] - the menu's maximum height (it scrolls beyond)
 * @cssprop [--s72-accent-color=#e50914] - the check mark of the current option
 * @cssprop [--s72-focus-color=#fff] - keyboard focus ring
 */
export class S72SettingsMenu extends PlayerUiElement {
  static override storeKeys = [
    'tracks',
    'rateMenu',
    'playbackRate',
    'showSubtitleSettings',
    'subtitlePreferences',
    'chapters',
    'currentTime',
    'canSeek',
  ] as const;

  static override styles = css`
    :host {
      position: relative;
      display: inline-block;
      flex: none;
    }
    :host([empty]) {
      display: none;
    }
    .button {
      all: unset;
      display: inline-grid;
      place-items: center;
      inline-size: 2.75em;
      block-size: 2.75em;
      border-radius: 0.375em;
      cursor: pointer;
    }
    .button svg {
      inline-size: 1.7em;
      block-size: 1.7em;
      transition: transform 0.2s;
    }
    .button[aria-expanded='true'] svg {
      transform: rotate(30deg);
    }
    .button:hover {
      background: rgb(255 255 255 / 0.12);
    }
    .button:focus-visible,
    [role^='menuitem']:focus-visible {
      outline: 2px solid var(--s72-focus-color, #fff);
      outline-offset: -2px;
    }
    [hidden] {
      display: none !important;
    }
  `;

  /** The menu is open. */
  @state() private open = false;
  /** The submenu shown, or null for the main view. */
  @state() private view: SettingsSubmenu | null = null;
  /** The menu's styles (fetched with its code) are adopted. */
  private menuStyled = false;
  /** Where focus goes after the next render: an item's key, `first`, `last` or `checked`. */
  private pendingFocus: string | null = null;

  @query('.button') private button!: HTMLButtonElement;
  @query('.menu') private menu!: HTMLElement;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('pointerdown', this.onDocumentPointerDown, true);
    if (this.open) fireRequest(this, 's72-menu-request', false);
  }

  private facts(): SettingsFacts {
    const s = this.state;
    return {
      tracks: s.tracks,
      rateMenu: s.rateMenu,
      playbackRate: s.playbackRate,
      showSubtitleSettings: s.showSubtitleSettings,
      subtitlePreferences: s.subtitlePreferences,
      chapters: s.chapters,
      currentTime: s.currentTime,
      canSeek: s.canSeek,
    };
  }

  /** The main view's entries (none before the menu's code is there: it is closed then). */
  private entries(): SettingsEntry[] {
    return menuModule ? menuModule.settingsEntries(this.facts(), this.i18n) : [];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const empty = !hasSettingsEntries(this.facts());
    this.toggleAttribute('empty', empty);
    if (!this.open) return;
    const entries = this.entries();
    // A submenu whose rule no longer holds (tracks changed) falls back to the main view.
    if (this.view && !entries.some((entry) => entry.submenu === this.view)) this.view = null;
    if (empty) this.close(false);
  }

  protected override updated(): void {
    if (!this.pendingFocus || !this.open) return;
    const items = this.items();
    const pending = this.pendingFocus;
    const target =
      pending === 'first'
        ? items[0]
        : pending === 'last'
          ? items[items.length - 1]
          : pending === 'checked'
            ? // A submenu opens on its current option, else its first option (after Back).
              (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[1] ?? items[0])
            : (items.find((item) => item.dataset.key === pending) ?? items[0]);
    this.pendingFocus = null;
    target?.focus();
  }

  protected override render() {
    const t = this.i18n;
    const entries = this.open ? this.entries() : [];
    const current = this.view ? entries.find((entry) => entry.submenu === this.view) : undefined;
    return html`
      <button
        class="button"
        part="settings-button"
        aria-label=${t.t('settings.button')}
        aria-haspopup="menu"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="menu"
        @click=${this.onButtonClick}
        @keydown=${this.onButtonKeyDown}
        @pointerenter=${this.preload}
        @focus=${this.preload}
      >
        <slot name="settings">${icon('settings')}</slot>
      </button>
      <div
        id="menu"
        class="menu"
        part="settings-menu"
        role="menu"
        aria-label=${current ? current.label : t.t('settings.menu')}
        ?hidden=${!this.open}
        @keydown=${this.onMenuKeyDown}
        @focusout=${this.onFocusOut}
      >
        ${this.open && menuModule
          ? current
            ? menuModule.renderSubmenu(current, this.i18n.t('settings.back'), this.backToMain, (option) => this.choose(option))
            : menuModule.renderMain(entries, (submenu) => this.openSubmenu(submenu))
          : nothing}
      </div>
    `;
  }

  /** The items of the view shown, in order. */
  private items(): HTMLElement[] {
    return this.menu ? Array.from(this.menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')) : [];
  }

  /** Opens the menu on its main view, focusing its first (`first`) or last (`last`) item. */
  show(focus: 'first' | 'last' = 'first'): void {
    if (!hasSettingsEntries(this.facts())) return;
    if (!menuModule) {
      // The first open waits for the menu's code, then opens with the focus where it was asked.
      loadMenu().then(
        () => {
          if (this.isConnected) this.show(focus);
        },
        () => undefined,
      );
      return;
    }
    if (!this.menuStyled && this.shadowRoot) {
      // The menu's own styles come with its code.
      adoptStyles(this.shadowRoot, [...S72SettingsMenu.elementStyles, menuModule.menuStyles]);
      this.menuStyled = true;
    }
    this.view = null;
    this.pendingFocus = focus;
    if (!this.open) {
      this.open = true;
      fireRequest(this, 's72-menu-request', true);
      document.addEventListener('pointerdown', this.onDocumentPointerDown, true);
    }
  }

  /**
   * Closes the menu; `returnFocus` gives focus back to the settings button.
   * @param {boolean} [returnFocus=true]
   */
  close(returnFocus = true): void {
    if (!this.open) return;
    this.open = false;
    this.view = null;
    this.pendingFocus = null;
    document.removeEventListener('pointerdown', this.onDocumentPointerDown, true);
    fireRequest(this, 's72-menu-request', false);
    if (returnFocus) this.button?.focus();
  }

  private openSubmenu(submenu: SettingsSubmenu): void {
    this.view = submenu;
    this.pendingFocus = 'checked';
  }

  private backToMain = (): void => {
    const from = this.view;
    this.view = null;
    this.pendingFocus = from;
  };

  private choose(option: SettingsOption): void {
    const { action } = option;
    switch (action.type) {
      case 's72-text-track-request':
        fireRequest(this, action.type, action.detail);
        break;
      case 's72-audio-track-request':
        fireRequest(this, action.type, action.detail);
        break;
      case 's72-rate-request':
        fireRequest(this, action.type, action.detail);
        break;
      case 's72-quality-request':
        fireRequest(this, action.type, action.detail);
        break;
      case 's72-seek-request':
        // A chapter: the menu closes on the jump, the focus back on its button.
        fireRequest(this, action.type, action.detail);
        this.close();
        return;
      case 's72-preferences-request':
        fireRequest(this, action.type, action.detail);
        // Subtitle settings stay open: the viewer usually sets more than one of them.
        this.pendingFocus = option.key;
        return;
    }
    this.backToMain();
  }

  private preload = (): void => {
    loadMenu().catch(() => undefined);
  };

  private onButtonClick = (): void => {
    if (this.open) this.close();
    else this.show('first');
  };

  private onButtonKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      this.show(event.key === 'ArrowUp' ? 'last' : 'first');
    } else if (event.key === 'Escape' && this.open) {
      event.stopPropagation();
      this.close();
    }
  };

  private onMenuKeyDown = (event: KeyboardEvent): void => {
    const items = this.items();
    const index = items.indexOf(event.composedPath()[0] as HTMLElement);
    const rtl = this.matches(':dir(rtl)');
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Enter':
      case ' ':
        items[index]?.click();
        break;
      case 'Escape':
        this.close();
        break;
      case 'Tab':
        // Focus moves on to the next control; the menu closes behind it.
        this.close(false);
        handled = false;
        break;
      default:
        if (event.key === forward && !this.view && index >= 0) items[index]!.click();
        else if (event.key === backward && this.view) this.backToMain();
        else handled = false;
    }
    // Keys the menu uses never reach the player's keyboard shortcuts (Space must not also pause).
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  private onFocusOut = (event: FocusEvent): void => {
    const to = event.relatedTarget as Node | null;
    // Focus left the menu and the button for somewhere else in the page: close quietly.
    if (this.open && to && !this.shadowRoot?.contains(to) && to !== this) this.close(false);
  };

  private onDocumentPointerDown = (event: PointerEvent): void => {
    if (!event.composedPath().includes(this)) this.close(false);
  };
}

defineElement('s72-settings-menu', S72SettingsMenu);

declare global {
  interface HTMLElementTagNameMap {
    's72-settings-menu': S72SettingsMenu;
  }
}

// player-and-client §4 "Menus", §5 "Menu rules"; issue 23
/**
 * The settings menu's model and items: fetched by `<s72-settings-menu>` the first time the pointer
 * or the focus comes to its button, or it opens, so a start never downloads them. Styled by the
 * menu element (the button's styles) and {@link menuStyles} (the panel's, adopted on the first open).
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { SettingsEntry, SettingsOption, SettingsSubmenu } from '../core/ui/settings-menu-model.js';
import { icon } from './icons.js';

export { settingsEntries } from '../core/ui/settings-menu-model.js';

/** The menu panel's and its items' styles (the button's stay with the element). */
export const menuStyles = css`
    .menu {
      position: absolute;
      inset-block-end: calc(100% + 0.5em);
      inset-inline-end: 0;
      z-index: 3;
      min-inline-size: 16em;
      max-inline-size: min(24em, 90vw);
      max-block-size: var(--s72-menu-max-block-size, 20em);
      overflow: auto;
      padding: 0.375em 0;
      border-radius: 0.5em;
      background: var(--s72-menu-background, rgb(20 20 20 / 0.95));
      color: var(--s72-menu-color, #fff);
      box-shadow: 0 0.25em 1em rgb(0 0 0 / 0.5);
      font-weight: 400;
      line-height: 1.3;
    }
    [role^='menuitem'] {
      display: flex;
      align-items: center;
      gap: 0.75em;
      padding: 0.6em 1em;
      cursor: pointer;
      outline: none;
      white-space: nowrap;
    }
    [role^='menuitem']:hover,
    [role^='menuitem']:focus {
      background: rgb(255 255 255 / 0.14);
    }
    .label {
      flex: 1 1 auto;
    }
    .hint {
      font-variant-numeric: tabular-nums;
    }
    .value {
      color: rgb(255 255 255 / 0.75);
      overflow: hidden;
      text-overflow: ellipsis;
      max-inline-size: 10em;
    }
    .check {
      inline-size: 1.1em;
      block-size: 1.1em;
      flex: none;
      color: var(--s72-accent-color, #e50914);
    }
    .check svg,
    .arrow svg {
      inline-size: 100%;
      block-size: 100%;
    }
    [aria-checked='false'] .check {
      visibility: hidden;
    }
    .arrow {
      inline-size: 1em;
      block-size: 1em;
      flex: none;
    }
    /* The submenu arrows point along the reading direction. */
    :host(:dir(rtl)) .arrow svg {
      transform: scaleX(-1);
    }
    .back {
      border-block-end: 1px solid rgb(255 255 255 / 0.2);
      font-weight: 600;
      margin-block-end: 0.25em;
    }
    .group-label {
      padding: 0.5em 1em 0.25em;
      font-size: 0.85em;
      color: rgb(255 255 255 / 0.75);
    }
`;

/** The main view: one item per submenu, with its current value. */
export function renderMain(entries: SettingsEntry[], openSubmenu: (submenu: SettingsSubmenu) => void): TemplateResult[] {
  return entries.map(
    (entry) => html`
      <div
        role="menuitem"
        part="menu-item"
        tabindex="-1"
        aria-haspopup="menu"
        data-key=${entry.submenu}
        @click=${() => openSubmenu(entry.submenu)}
      >
        <span class="label">${entry.label}</span>
        <span class="value" dir="auto">${entry.value}</span>
        <span class="arrow" aria-hidden="true">${icon('submenu-open')}</span>
      </div>
    `,
  );
}

/** A submenu: the Back item, then its options (in titled groups for subtitle settings). */
export function renderSubmenu(entry: SettingsEntry, backLabel: string, back: () => void, choose: (option: SettingsOption) => void): TemplateResult {
  return html`
    <div role="menuitem" part="menu-item" class="back" tabindex="-1" data-key="back" aria-label=${`${entry.label}, ${backLabel}`} @click=${back}>
      <span class="arrow" aria-hidden="true">${icon('submenu-back')}</span>
      <span class="label">${entry.label}</span>
    </div>
    ${entry.groups.map((group) =>
      group.label
        ? html`<div role="group" aria-label=${group.label}>
            <div class="group-label" aria-hidden="true">${group.label}</div>
            ${group.options.map((option) => renderOption(option, choose))}
          </div>`
        : group.options.map((option) => renderOption(option, choose)),
    )}
  `;
}

function renderOption(option: SettingsOption, choose: (option: SettingsOption) => void): TemplateResult {
  return html`
    <div
      role="menuitemradio"
      part="menu-item"
      tabindex="-1"
      aria-checked=${option.selected ? 'true' : 'false'}
      data-key=${option.key}
      @click=${() => choose(option)}
    >
      <span class="check" aria-hidden="true">${icon('check')}</span>
      <span class="label" dir="auto">${option.label}</span>
      ${option.hint ? html`<span class="value hint" dir="ltr">${option.hint}</span>` : nothing}
    </div>
  `;
}

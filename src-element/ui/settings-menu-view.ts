// player-and-client §4 "Menus", §5 "Menu rules"; issue 23
/**
 * The settings menu's model and items: fetched by `<s72-settings-menu>` the first time the pointer
 * or the focus comes to its button, or it opens, so a start never downloads them. Styled by the
 * menu element.
 */
import { html, type TemplateResult } from 'lit';
import type { SettingsEntry, SettingsOption, SettingsSubmenu } from '../core/ui/settings-menu-model.js';
import { icon } from './icons.js';

export { settingsEntries } from '../core/ui/settings-menu-model.js';

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
    </div>
  `;
}

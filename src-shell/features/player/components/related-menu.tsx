/**
 * The related-content menu of the play page (player-and-client §1 "a related-content menu", §8
 * "Labels: 'No episodes', 'Coming soon', 'Expired'"): a disclosure button in the title bar that opens
 * the list of the season's episodes (or the bonuses). Items the viewer can play now are links to
 * their play route; coming-soon and expired ones are listed with their label and no link; the item
 * playing is marked `aria-current`. An empty list reads 'No episodes'.
 *
 * Keyboard: Enter/Space on the button toggles the list; Escape closes it and returns focus to the
 * button; a click outside closes it. Catalogue titles are rendered as text.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { goToPlayHash } from '../../../config/paths.js';
import { useTranslator } from '../../../lib/i18n.js';

/**
 * One row: a sibling episode or bonus (the play flow's `RelatedItem`) with the play route of an
 * available item (`href` absent for unavailable ones).
 */
export interface RelatedMenuItem {
  slug: string;
  title: string;
  status: 'available' | 'coming-soon' | 'expired';
  /** The item being played. */
  current: boolean;
  href?: string;
}

export interface RelatedMenuProps {
  items: readonly RelatedMenuItem[];
  /** `bonuses` labels the button 'Extras', otherwise 'Episodes'. */
  kind: 'episodes' | 'bonuses';
}

/**
 * Going to another item sets the hash and reloads the page (player-and-client §2), like the
 * navigation bar's links; a click with a modifier (new tab, new window) is left to the browser.
 */
function follow(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  goToPlayHash(window.location, href);
}

export function RelatedMenu({ items, kind }: RelatedMenuProps) {
  const i18n = useTranslator();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !event.composedPath().includes(root.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // The player's own Escape handling (menus, end screen) must not also act on this one.
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  const label = i18n.t(kind === 'bonuses' ? 'related.bonuses' : 'related.episodes');
  return (
    <div className="related" ref={root} onKeyDown={onKeyDown} data-testid="related-menu">
      <button
        ref={button}
        type="button"
        className="related__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
        data-testid="related-button"
      >
        {label}
      </button>
      <div className="related__panel" id={listId} hidden={!open}>
        {items.length === 0 ? (
          <p className="related__empty" data-testid="related-empty">
            {i18n.t('related.noEpisodes')}
          </p>
        ) : (
          <ol className="related__list" aria-label={label}>
            {items.map((item) => (
              <li key={item.slug} className={`related__item related__item--${item.status}`} data-status={item.status}>
                {item.href && !item.current ? (
                  <a className="related__link" href={item.href} dir="auto" onClick={(event) => follow(event, item.href!)}>
                    {item.title}
                  </a>
                ) : (
                  <span className="related__title" dir="auto" {...(item.current ? { 'aria-current': 'page' as const } : {})}>
                    {item.title}
                  </span>
                )}
                {item.current ? <span className="related__badge">{i18n.t('related.playing')}</span> : null}
                {item.status === 'coming-soon' ? <span className="related__badge">{i18n.t('related.comingSoon')}</span> : null}
                {item.status === 'expired' ? <span className="related__badge">{i18n.t('related.expired')}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

/**
 * `<s72-settings-menu>` inside a real `<s72-player>` playing the demo DASH title (en/fr audio, en/ar
 * subtitles, 360p/720p/1080p): the menu button pattern with real key presses, each submenu's choice
 * reaching the engine, focus handling, closing rules, RTL arrows (player-and-client §4, §5).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import { loadSettingsMenu, type S72SettingsMenu } from '../../src-element/ui/s72-settings-menu.js';
import { PREFERENCES_STORAGE_KEY } from '../../src-element/core/ui/ui-state.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

describe('<s72-settings-menu> (player-and-client §4 "Menus", §5 "Menu rules")', function () {
  this.timeout(60_000);

  afterEach(() => localStorage.removeItem(PREFERENCES_STORAGE_KEY));

  async function player(src: string = MEDIA.clearDash, dir = 'ltr'): Promise<S72Player> {
    const element = await fixture<S72Player>(
      html`<s72-player dir=${dir} muted style="width: 960px; height: 540px" .config=${{ playbackRates: true }} src=${demoUrl(src)}></s72-player>`,
    );
    await nextEvent(element, 's72-tracks-change');
    return element;
  }
  const menuOf = (p: S72Player) => p.shadowRoot!.querySelector('s72-control-bar')!.shadowRoot!.querySelector('s72-settings-menu') as S72SettingsMenu;
  const root = (p: S72Player) => menuOf(p).shadowRoot!;
  const button = (p: S72Player) => root(p).querySelector<HTMLButtonElement>('[part="settings-button"]')!;
  const panel = (p: S72Player) => root(p).querySelector<HTMLElement>('[role="menu"]')!;
  const items = (p: S72Player) => [...root(p).querySelectorAll<HTMLElement>('[role^="menuitem"]')];
  const focused = (p: S72Player) => root(p).activeElement as HTMLElement | null;
  const labelOf = (item: HTMLElement | null | undefined) => item?.querySelector('.label')?.textContent?.trim();
  const itemNamed = (p: S72Player, label: string) => items(p).find((item) => labelOf(item) === label)!;
  async function settle(p: S72Player) {
    // The menu's code is fetched on demand (the first open waits for it, then opens).
    await loadSettingsMenu();
    await menuOf(p).updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }

  it('a named menu button; the main view lists each submenu with its current value', async () => {
    const p = await player();
    await until(() => items(p).length === 0 && !menuOf(p).hasAttribute('empty'), 'the button shows once tracks are known');
    expect(button(p).getAttribute('aria-label')).to.equal('Settings');
    expect(button(p).getAttribute('aria-haspopup')).to.equal('menu');
    expect(button(p).getAttribute('aria-expanded')).to.equal('false');
    expect(panel(p).hidden).to.equal(true);
    button(p).click();
    await settle(p);
    expect(panel(p).hidden).to.equal(false);
    expect(button(p).getAttribute('aria-expanded')).to.equal('true');
    expect(items(p).map((item) => [labelOf(item), item.querySelector('.value')?.textContent])).to.deep.equal([
      ['Subtitles', 'Off'],
      ['Subtitle settings', 'White, None, Medium'],
      ['Audio', items(p)[2]!.querySelector('.value')!.textContent],
      ['Playback speed', 'Normal'],
      ['Quality', 'Auto'],
    ]);
    expect(items(p)[2]!.querySelector('.value')!.textContent).to.match(/en/);
    expect(items(p).every((item) => item.getAttribute('role') === 'menuitem' && item.getAttribute('aria-haspopup') === 'menu')).to.equal(true);
  });

  it('keyboard: Enter opens on the first item, arrows/Home/End move and wrap, Enter picks a quality the engine then plays, Escape closes and focus returns', async () => {
    const p = await player();
    const requests: boolean[] = [];
    p.addEventListener('s72-menu-request', (event) => requests.push((event as CustomEvent<boolean>).detail));
    await until(() => !menuOf(p).hasAttribute('empty'), 'menu available');
    button(p).focus();
    await sendKeys({ press: 'Enter' });
    await settle(p);
    expect(labelOf(focused(p))).to.equal('Subtitles');
    expect(requests, 'the player is told a menu is open (controls stay up)').to.deep.equal([true]);
    await sendKeys({ press: 'ArrowDown' });
    expect(labelOf(focused(p))).to.equal('Subtitle settings');
    await sendKeys({ press: 'End' });
    expect(labelOf(focused(p))).to.equal('Quality');
    await sendKeys({ press: 'ArrowDown' });
    expect(labelOf(focused(p)), 'wraps to the first').to.equal('Subtitles');
    await sendKeys({ press: 'ArrowUp' });
    expect(labelOf(focused(p)), 'wraps to the last').to.equal('Quality');
    await sendKeys({ press: 'Home' });
    expect(labelOf(focused(p))).to.equal('Subtitles');
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'Enter' });
    await settle(p);
    expect(labelOf(focused(p)), 'the submenu opens on its current option').to.equal('Auto');
    expect(focused(p)!.getAttribute('aria-checked')).to.equal('true');
    expect(items(p).slice(2).map(labelOf)[0]).to.match(/^1080p · \d/);
    await sendKeys({ press: 'ArrowDown' });
    expect(labelOf(focused(p))).to.match(/^1080p/);
    await sendKeys({ press: 'Enter' });
    await until(() => p.tracks.video.find((track) => track.active)?.height === 1080, 'the engine plays 1080p');
    await settle(p);
    expect(labelOf(focused(p)), 'back on the main view, on Quality').to.equal('Quality');
    await until(() => /^1080p/.test(itemNamed(p, 'Quality').querySelector('.value')!.textContent ?? ''), 'the value shows the pinned rendition');
    await sendKeys({ press: 'Escape' });
    await settle(p);
    expect(panel(p).hidden).to.equal(true);
    expect(focused(p)).to.equal(button(p));
    expect(button(p).getAttribute('aria-expanded')).to.equal('false');
    expect(requests).to.deep.equal([true, false]);
    expect(p.paused, 'Enter in the menu never reached the player (it would have started playback)').to.equal(true);
  });

  it('a closed menu reopens with Space, ArrowDown (first item) and ArrowUp (last item)', async () => {
    const p = await player();
    await until(() => !menuOf(p).hasAttribute('empty'), 'menu available');
    button(p).focus();
    await sendKeys({ press: 'Space' });
    await settle(p);
    expect(labelOf(focused(p))).to.equal('Subtitles');
    await sendKeys({ press: 'Escape' });
    await settle(p);
    await sendKeys({ press: 'ArrowUp' });
    await settle(p);
    expect(labelOf(focused(p))).to.equal('Quality');
    await sendKeys({ press: 'Escape' });
    await settle(p);
    await sendKeys({ press: 'ArrowDown' });
    await settle(p);
    expect(labelOf(focused(p))).to.equal('Subtitles');
  });

  it('Subtitles → Arabic shows the Arabic track; Off hides it', async () => {
    const p = await player();
    await until(() => !menuOf(p).hasAttribute('empty'), 'menu available');
    button(p).click();
    await settle(p);
    itemNamed(p, 'Subtitles').click();
    await settle(p);
    expect(items(p)[0]!.getAttribute('aria-label'), 'the first item goes back; its name holds its visible text').to.equal('Subtitles, Back to settings');
    const arabic = items(p).find((item) => /ar|Arabic|العربية/.test(labelOf(item) ?? '') && item.getAttribute('role') === 'menuitemradio' && labelOf(item) !== 'Off')!;
    arabic.click();
    await until(() => p.tracks.text.find((track) => track.active)?.language === 'ar', 'Arabic subtitles on');
    await settle(p);
    itemNamed(p, 'Subtitles').click();
    await settle(p);
    itemNamed(p, 'Off').click();
    await until(() => p.tracks.text.every((track) => !track.active), 'subtitles off');
  });

  it('Audio → the French dub plays; Playback speed → x2 reaches the media', async () => {
    const p = await player();
    await until(() => !menuOf(p).hasAttribute('empty'), 'menu available');
    button(p).click();
    await settle(p);
    itemNamed(p, 'Audio').click();
    await settle(p);
    items(p).find((item) => /fr/.test(labelOf(item) ?? ''))!.click();
    await until(() => p.tracks.audio.find((track) => track.active)?.language === 'fr', 'French audio');
    await settle(p);
    itemNamed(p, 'Playback speed').click();
    await settle(p);
    expect(items(p).slice(1).map(labelOf)).to.deep.equal(['x2', 'x1.5', 'x1.25', 'Normal', 'x0.75', 'x0.5']);
    itemNamed(p, 'x2').click();
    await until(() => p.playbackRate === 2, 'rate 2');
    await settle(p);
    expect(itemNamed(p, 'Playback speed').querySelector('.value')!.textContent).to.equal('x2');
  });

  it('Subtitle settings: choosing Yellow keeps the submenu open, moves the check and saves the preference', async () => {
    const p = await player();
    await until(() => !menuOf(p).hasAttribute('empty'), 'menu available');
    button(p).click();
    await settle(p);
    itemNamed(p, 'Subtitle settings').click();
    await settle(p);
    const groups = [...root(p).querySelectorAll('[role="group"]')].map((group) => group.getAttribute('aria-label'));
    expect(groups).to.deep.equal(['Text colour', 'Background', 'Text size']);
    const saved = nextEvent<CustomEvent>(p, 's72-preferences-change');
    itemNamed(p, 'Yellow').click();
    await saved;
    await settle(p);
    expect(panel(p).hidden).to.equal(false);
    expect(itemNamed(p, 'Yellow').getAttribute('aria-checked')).to.equal('true');
    expect(itemNamed(p, 'White').getAttribute('aria-checked')).to.equal('false');
    expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY)!)).to.include({ subtitleTextColor: 'yellow' });
    expect(labelOf(focused(p))).to.equal('Yellow');
    await sendKeys({ press: 'ArrowLeft' });
    await settle(p);
    expect(labelOf(focused(p)), 'ArrowLeft returns to the main view').to.equal('Subtitle settings');
    expect(itemNamed(p, 'Subtitle settings').querySelector('.value')!.textContent).to.equal('Yellow, None, Medium');
  });

  it('Tab and a click outside close the menu', async () => {
    const p = await player();
    await until(() => !menuOf(p).hasAttribute('empty'), 'menu available');
    button(p).focus();
    await sendKeys({ press: 'Enter' });
    await settle(p);
    await sendKeys({ press: 'Tab' });
    await settle(p);
    expect(panel(p).hidden, 'Tab closes').to.equal(true);
    button(p).click();
    await settle(p);
    expect(panel(p).hidden).to.equal(false);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await settle(p);
    expect(panel(p).hidden, 'a click outside closes').to.equal(true);
  });

  it('under RTL the submenu arrows mirror: ArrowLeft opens a submenu, ArrowRight goes back', async () => {
    const p = await player(MEDIA.clearDash, 'rtl');
    await until(() => !menuOf(p).hasAttribute('empty'), 'menu available');
    button(p).focus();
    await sendKeys({ press: 'Enter' });
    await settle(p);
    await sendKeys({ press: 'ArrowLeft' });
    await settle(p);
    expect(labelOf(focused(p)), 'Subtitles opened on Off').to.equal('Off');
    await sendKeys({ press: 'ArrowRight' });
    await settle(p);
    expect(labelOf(focused(p))).to.equal('Subtitles');
  });

  it('hidden when there is nothing to choose (one rendition, no subtitles, no speed)', async () => {
    const element = await fixture<S72Player>(html`<s72-player muted src=${demoUrl(MEDIA.mp4)}></s72-player>`);
    await nextEvent(element, 's72-loaded');
    await menuOf(element).updateComplete;
    expect(menuOf(element).hasAttribute('empty')).to.equal(true);
    expect(getComputedStyle(menuOf(element)).display).to.equal('none');
  });
});

/**
 * Helpers for the end-to-end tests of the player on the play page (accessibility, keyboard,
 * chapters, seek previews, ...): the deep focus through shadow roots, the browser's own accessible
 * name of the focused control (Chromium's accessibility tree over the DevTools protocol), the
 * player's live regions, opening the play page, and waits on the player's state.
 */
import type { CDPSession, Page } from 'playwright-core';

/** One stop of a Tab walk. */
export interface TabStop {
  /** True when the focus is inside the first `<s72-player>` of the page (through shadow roots). */
  inPlayer: boolean;
  /** The `part` attribute of the deepest focused element, or its tag when it has none. */
  what: string;
  /** Chromium's computed role and accessible name of the deepest focused element. */
  role: string;
  name: string;
}

/** JS (a string: evaluated in the page as is) returning the deepest focused element. */
const DEEP_ACTIVE = `(() => {
  let element = document.activeElement;
  while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement;
  return element;
})()`;

/** The deepest focused element, described (part or tag; inside the first player or not). */
export async function focusedElement(page: Page): Promise<{ inPlayer: boolean; what: string; text: string } | null> {
  return page.evaluate(`(() => {
    const player = document.querySelector('s72-player');
    let element = document.activeElement;
    let inPlayer = false;
    while (element) {
      if (element === player) inPlayer = true;
      const inner = element.shadowRoot ? element.shadowRoot.activeElement : null;
      if (!inner) break;
      element = inner;
    }
    if (!element || element === document.body) return null;
    return {
      inPlayer,
      what: element.getAttribute('part') || element.localName,
      text: (element.textContent || '').replace(/\\s+/g, ' ').trim(),
    };
  })()`);
}

/** Chromium's role and accessible name of the focused element (the accessibility tree, not our guess). */
export async function focusedRoleAndName(session: CDPSession): Promise<{ role: string; name: string }> {
  const evaluated = (await session.send('Runtime.evaluate', { expression: DEEP_ACTIVE })) as { result: { objectId?: string } };
  const objectId = evaluated.result.objectId;
  if (!objectId) return { role: '', name: '' };
  const tree = (await session.send('Accessibility.getPartialAXTree', { objectId, fetchRelatives: false })) as {
    nodes: Array<{ ignored?: boolean; role?: { value?: string }; name?: { value?: string } }>;
  };
  const node = tree.nodes[0];
  if (!node || node.ignored) return { role: 'ignored', name: '' };
  return { role: String(node.role?.value ?? ''), name: String(node.name?.value ?? '').trim() };
}

/**
 * Presses Tab (real key presses) from where the focus is until it has gone through the first
 * player and left it (or `maxPresses`); returns every stop inside the player, with its role and
 * accessible name.
 */
export async function tabThroughPlayer(page: Page, maxPresses = 60): Promise<TabStop[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const stops: TabStop[] = [];
    for (let i = 0; i < maxPresses; i++) {
      await page.keyboard.press('Tab');
      const focused = await focusedElement(page);
      if (focused?.inPlayer) stops.push({ inPlayer: true, what: focused.what, ...(await focusedRoleAndName(session)) });
      else if (stops.length > 0) break;
    }
    return stops;
  } finally {
    await session.detach();
  }
}

/**
 * Presses Tab until the focused element inside the first player matches `match` (its part, tag or
 * text); throws after `maxPresses`. Starts from the top of the page.
 */
export async function tabTo(page: Page, match: (what: string, text: string) => boolean, maxPresses = 60): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const seen: string[] = [];
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    const focused = await focusedElement(page);
    if (focused?.inPlayer && match(focused.what, focused.text)) return;
    seen.push(focused ? `${focused.inPlayer ? 'player:' : ''}${focused.what}` : 'body');
  }
  throw new Error(`Tab never reached the wanted control; stops: ${seen.join(', ')}`);
}

/** A live region of the player: where it is and how polite it is. */
export interface LiveRegion {
  /** Tag names from the player down to the region, through shadow roots. */
  path: string;
  /** `polite` (aria-live="polite", role status or log, `<output>`) or `assertive` (role alert, aria-live="assertive"). */
  politeness: 'polite' | 'assertive';
}

/** Every live region in the first player's shadow trees (hidden ones too: they speak once shown). */
export function liveRegions(page: Page): Promise<LiveRegion[]> {
  return page.evaluate(`(() => {
    const found = [];
    const visit = (root, path) => {
      for (const element of root.querySelectorAll('*')) {
        const live = element.getAttribute('aria-live');
        const role = element.getAttribute('role');
        let politeness = null;
        if (live === 'polite' || live === 'assertive') politeness = live;
        else if (live !== 'off' && (role === 'status' || role === 'log' || (role === null && element.localName === 'output'))) politeness = 'polite';
        else if (live !== 'off' && role === 'alert') politeness = 'assertive';
        const here = path + ' > ' + element.localName + (element.getAttribute('part') ? '[part=' + element.getAttribute('part') + ']' : '');
        if (politeness) found.push({ path: here, politeness });
        if (element.shadowRoot) visit(element.shadowRoot, here);
      }
    };
    const player = document.querySelector('s72-player');
    if (player && player.shadowRoot) visit(player.shadowRoot, 's72-player');
    return found;
  })()`);
}

/** The first player's public state, as a test reads it. */
export interface PlayerSnapshot {
  duration: number;
  currentTime: number;
  paused: boolean;
  fullscreen: boolean;
  controlsHidden: boolean;
}

export function playerSnapshot(page: Page): Promise<PlayerSnapshot> {
  return page.evaluate(() => {
    const player = document.querySelector('s72-player') as HTMLElement & { duration: number; currentTime: number; paused: boolean };
    return {
      duration: player.duration,
      currentTime: player.currentTime,
      paused: player.paused,
      fullscreen: document.fullscreenElement !== null,
      controlsHidden: player.hasAttribute('controls-hidden'),
    };
  });
}

/** Waits until the first player knows its duration (the media is loaded). */
export async function waitForLoaded(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    () => ((document.querySelector('s72-player') as (HTMLElement & { duration: number }) | null)?.duration ?? 0) > 0,
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
}

/**
 * Opens the play page at `url` and waits for what a test of the player starts from: the player
 * screen shown and its player loaded (duration known).
 */
export async function openPlayPage(page: Page, url: string, timeoutMs = 30_000): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid="player-screen"]').waitFor({ timeout: timeoutMs });
  await waitForLoaded(page, timeoutMs);
}

/**
 * The element matching `selector` inside the first player's shadow trees (searched through every
 * nested shadow root), as a locator-free existence check: true when one exists and is rendered
 * (has a box and is not `hidden`).
 */
export function shownInPlayer(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    `((selector) => {
      const search = (root) => {
        const hit = root.querySelector(selector);
        if (hit) return hit;
        for (const element of root.querySelectorAll('*')) {
          if (element.shadowRoot) {
            const inner = search(element.shadowRoot);
            if (inner) return inner;
          }
        }
        return null;
      };
      const player = document.querySelector('s72-player');
      const element = player && player.shadowRoot ? search(player.shadowRoot) : null;
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    })(${JSON.stringify(selector)})`,
  );
}

/** Waits until {@link shownInPlayer} holds for `selector`. */
export async function waitShownInPlayer(page: Page, selector: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await shownInPlayer(page, selector))) {
    if (Date.now() > deadline) throw new Error(`${selector} never showed in the player`);
    await page.waitForTimeout(100);
  }
}

import { css, html, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { systemClock, type Clock, type TimerHandle } from '../core/clock.js';
import { ANNOUNCE_DEBOUNCE_MS, announcements, type AnnounceFacts, type Announcement } from '../core/ui/announcements.js';
import { defineElement } from '../define.js';
import { PlayerUiElement } from './player-ui-element.js';

// issue 10; player-and-client §2, §9
/**
 * @tagname s72-announcer
 * @summary The player's one polite live region: play and
 * pause, seek targets, volume and mute, and subtitle, audio and quality changes, spoken by screen
 * readers without moving focus.
 *
 * It compares each store snapshot with the one before (`core/ui/announcements.ts`): nothing is said
 * before the media loads or about the state it loads in; seeks and volume changes wait
 * `ANNOUNCE_DEBOUNCE_MS` (500 ms) so a burst (holding an arrow key, dragging) says only where it
 * ended. The region is visually hidden (`role="status"`, `aria-live="polite"`, `aria-atomic`).
 */
export class S72Announcer extends PlayerUiElement {
  static override storeKeys = ['loaded', 'paused', 'ended', 'currentTime', 'volume', 'muted', 'tracks', 'ad', 'chapters'] as const;

  static override styles = css`
    :host {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  `;

  /** Timers of the debounced announcements (tests inject a manual clock). */
  @property({ attribute: false }) clock: Clock = systemClock;

  /** What the region says now. */
  @state() private message = '';
  private previous: AnnounceFacts | null = null;
  private readonly pending = new Map<Announcement['kind'], TimerHandle>();

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const handle of this.pending.values()) this.clock.clearTimeout(handle);
    this.pending.clear();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const s = this.state;
    const facts: AnnounceFacts = {
      loaded: s.loaded,
      paused: s.paused,
      ended: s.ended,
      currentTime: s.currentTime,
      volume: s.volume,
      muted: s.muted,
      tracks: s.tracks,
      adSkipReady: s.ad?.skip.kind === 'ready',
      chapters: s.chapters,
    };
    const said = this.previous ? announcements(this.previous, facts, this.i18n) : [];
    this.previous = facts;
    for (const announcement of said) this.say(announcement);
  }

  private say({ kind, text }: Announcement): void {
    if (kind !== 'seek' && kind !== 'volume') {
      this.message = text;
      return;
    }
    const waiting = this.pending.get(kind);
    if (waiting !== undefined) this.clock.clearTimeout(waiting);
    this.pending.set(
      kind,
      this.clock.setTimeout(() => {
        this.pending.delete(kind);
        this.message = text;
      }, ANNOUNCE_DEBOUNCE_MS),
    );
  }

  protected override render() {
    return html`<div role="status" aria-live="polite" aria-atomic="true">${this.message}</div>`;
  }
}

defineElement('s72-announcer', S72Announcer);

declare global {
  interface HTMLElementTagNameMap {
    's72-announcer': S72Announcer;
  }
}

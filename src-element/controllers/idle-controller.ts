// player-and-client §9 "Controls"
/**
 * Auto-hide of the controls and the title bar ("Overlay hides after
 * 3000 ms of interaction, 1000 ms after mouse leave"): writes the store's `controlsVisible` row.
 *
 * - Any interaction in the player (pointer move or down — mouse, pen or touch —, a key press, keyboard
 *   focus arriving) shows the controls at once and hides them {@link IDLE_HIDE_MS} after the last one.
 * - The mouse leaving the player hides them {@link MOUSE_LEAVE_HIDE_MS} after it left.
 * - They never hide while {@link controlsMayHide} says no: before load, while paused, on an error, on
 *   the end screen, while a menu is open (`menuOpen`), while the pointer rests over the controls or
 *   the title bar, or while keyboard focus (`:focus-visible`) is inside them or in content the page
 *   slotted into the title bar. A mouse click on the video moves focus into the controls too
 *   (`delegatesFocus`); that focus is not `:focus-visible`, so it does not pin them.
 *
 * The player reflects a hidden state as its `controls-hidden` attribute; its styles fade the
 * controls out, make them unclickable and hide the cursor (`s72-player.styles.ts`). Timers run on
 * the injected clock; everything stops on `hostDisconnected`.
 */
import type { ReactiveController } from 'lit';
import { systemClock, type Clock } from '../core/clock.js';
import type { PlayerState, PlayerStateKey } from '../core/player-store.js';
import type { PlayerHost } from './player-host.js';

// player-and-client §9
/** The controls hide this long after the last interaction, ms. */
export const IDLE_HIDE_MS = 3000;
// player-and-client §9
/** The controls hide this long after the mouse left the player, ms. */
export const MOUSE_LEAVE_HIDE_MS = 1000;

/** The surfaces that hide together (tag names inside the player's shadow root). */
const CONTROL_SURFACES = new Set(['s72-control-bar', 's72-title-bar']);
/** Store rows that decide whether the controls may hide. */
const RULE_KEYS: readonly PlayerStateKey[] = ['loaded', 'paused', 'error', 'endScreen', 'menuOpen'];

/** What {@link controlsMayHide} decides from. */
export interface IdleFacts {
  loaded: boolean;
  paused: boolean;
  /** A critical error shows (the error panel). */
  error: boolean;
  endScreen: boolean;
  menuOpen: boolean;
  /** Keyboard focus is inside the controls or the title bar. */
  focusInControls: boolean;
  /** The pointer rests over the controls or the title bar. */
  pointerOverControls: boolean;
}

/** True when the controls may hide: playing, loaded, and nothing holds them up. */
export function controlsMayHide(facts: IdleFacts): boolean {
  return (
    facts.loaded &&
    !facts.paused &&
    !facts.error &&
    !facts.endScreen &&
    !facts.menuOpen &&
    !facts.focusInControls &&
    !facts.pointerOverControls
  );
}

export class IdleController implements ReactiveController {
  /** Cancels the pending hide; null when none is pending. */
  private cancelTimer: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private listening: AbortController | null = null;
  private pointerOverControls = false;

  constructor(
    private readonly host: PlayerHost,
    private readonly clock: Clock = systemClock,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.listening = new AbortController();
    const options = { signal: this.listening.signal };
    const host = this.host;
    host.addEventListener('pointermove', this.onPointer, options);
    host.addEventListener('pointerdown', this.onPointer, options);
    host.addEventListener('pointerleave', this.onPointerLeave, options);
    host.addEventListener('keydown', this.onActivity, options);
    host.addEventListener('focusin', this.onFocusIn, options);
    host.addEventListener('focusout', this.onFocusOut, options);
    this.unsubscribe = host.store.subscribe((state, changed) => {
      if (RULE_KEYS.some((key) => changed.has(key))) this.rulesChanged(state);
    });
    this.rulesChanged(host.store.getState());
  }

  hostDisconnected(): void {
    this.listening?.abort();
    this.listening = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.clearTimer();
  }

  /** True while the rules allow hiding now. */
  private mayHide(state: PlayerState = this.host.store.getState()): boolean {
    return controlsMayHide({
      loaded: state.loaded,
      paused: state.paused,
      error: state.error !== null,
      endScreen: state.endScreen,
      menuOpen: state.menuOpen,
      focusInControls: this.focusInControls(),
      pointerOverControls: this.pointerOverControls,
    });
  }

  /** Shows the controls and hides them `delayMs` later, when the rules allow it then. */
  private show(delayMs: number = IDLE_HIDE_MS): void {
    if (!this.host.store.getState().controlsVisible) this.host.store.setUi({ controlsVisible: true });
    this.schedule(delayMs);
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    if (!this.mayHide()) return;
    const handle = this.clock.setTimeout(() => {
      this.cancelTimer = null;
      if (this.mayHide()) this.host.store.setUi({ controlsVisible: false });
    }, delayMs);
    this.cancelTimer = () => this.clock.clearTimeout(handle);
  }

  private clearTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  /** Playback started or stopped, a menu opened, the end screen or an error appeared… */
  private rulesChanged(state: PlayerState): void {
    if (!this.mayHide(state)) {
      this.clearTimer();
      if (!state.controlsVisible) this.host.store.setUi({ controlsVisible: true });
    } else if (state.controlsVisible && this.cancelTimer === null) {
      this.schedule(IDLE_HIDE_MS);
    }
  }

  /**
   * Keyboard focus inside the controls or the title bar: the deepest focused element, reached from
   * the player's shadow root through a control surface, matches `:focus-visible`; or the page's own
   * content slotted into the title bar (a light-DOM child of the player) has it.
   */
  private focusInControls(): boolean {
    const host = this.host;
    const rootActive = (host.getRootNode() as Document | ShadowRoot).activeElement;
    if (rootActive && rootActive !== host && host.contains(rootActive)) return focusVisible(deepActive(rootActive));
    const inner = host.shadowRoot?.activeElement;
    if (!inner || !CONTROL_SURFACES.has(inner.localName)) return false;
    return focusVisible(deepActive(inner));
  }

  private readonly onActivity = (): void => this.show();

  private readonly onPointer = (event: Event): void => {
    this.pointerOverControls = event.composedPath().some((target) => CONTROL_SURFACES.has((target as Element).localName ?? ''));
    this.show();
  };

  private readonly onPointerLeave = (event: Event): void => {
    this.pointerOverControls = false;
    if ((event as PointerEvent).pointerType !== 'mouse') return;
    this.show(MOUSE_LEAVE_HIDE_MS);
  };

  private readonly onFocusIn = (): void => {
    // Keyboard focus arriving shows the controls at once; mouse focus (a click) is ordinary activity.
    this.show();
  };

  /** Focus left a control: hiding may be allowed again (after the usual idle time). */
  private readonly onFocusOut = (): void => {
    // The new focus is known only after focusout: decide on the next task.
    queueMicrotask(() => {
      if (this.listening && this.host.store.getState().controlsVisible && this.cancelTimer === null) this.schedule(IDLE_HIDE_MS);
    });
  };
}

/** The deepest focused element under `element`, through open shadow roots. */
function deepActive(element: Element): Element {
  let current = element;
  while (current.shadowRoot?.activeElement) current = current.shadowRoot.activeElement;
  return current;
}

function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return element.matches(':focus');
  }
}

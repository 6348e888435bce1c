// issue 10; DESIGN.md "Inside the player"
/**
 * The controllers behind the player's surfaces: one line
 * each, so the host stays a thin wiring class. Each owns its timers and listeners from
 * `hostConnected` to `hostDisconnected` and writes what the surfaces show with `store.setUi()`.
 */
import type { PlayerHost } from './player-host.js';
import { BigPlayController } from './big-play-controller.js'; // [big-play]
import { EndScreenController } from './end-screen-controller.js'; // [end-screen]
import { GestureController } from './gesture-controller.js'; // [gestures]
import { IdleController } from './idle-controller.js'; // [idle]
import { PreferencesController } from './preferences-controller.js'; // [preferences]
import { StatsController } from './stats-controller.js'; // [stats]

export function uiControllers(host: PlayerHost): void {
  void host;
  // [idle] auto-hide of the controls (player-and-client §9 "Overlay hides after 3000 ms")
  new IdleController(host);
  // [big-play] big play button rules (player-and-client §2)
  new BigPlayController(host);
  // [gestures] touch double-tap seek (player-and-client §9)
  new GestureController(host);
  // [preferences] subtitle preferences in localStorage (player-and-client §3)
  new PreferencesController(host);
  // [end-screen] end-screen timing (player-and-client §4)
  new EndScreenController(host);
  // [stats] stats overlay sampling (player-and-client §9 "Stats refresh every 0.5 s")
  new StatsController(host);
}

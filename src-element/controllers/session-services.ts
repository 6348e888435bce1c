/**
 * The player's session services that report to the storefront: heartbeat (`heartbeat-controller.ts`)
 * and player telemetry (`player-telemetry-controller.ts`), wired in one call so the element only
 * holds their counters.
 */
import { HeartbeatController, type SessionControllerOptions, type SessionHost } from './heartbeat-controller.js';
import { PlayerTelemetryController } from './player-telemetry-controller.js';

/** Counters of the reports the storefront accepted (answered 2xx), cumulative over every source. */
export interface S72SessionStats {
  /** Player telemetry posts answered 2xx. */
  readonly telemetrySent: number;
  /** Heartbeats answered 2xx. */
  readonly heartbeatsSent: number;
}

/** Adds the heartbeat and player telemetry controllers to `host`; returns their live, read-only counters. */
export function sessionServices(host: SessionHost, options: SessionControllerOptions = {}): S72SessionStats {
  const heartbeat = new HeartbeatController(host, options);
  const telemetry = new PlayerTelemetryController(host, options);
  return Object.freeze({
    get telemetrySent() {
      return telemetry.sent;
    },
    get heartbeatsSent() {
      return heartbeat.sent;
    },
  });
}

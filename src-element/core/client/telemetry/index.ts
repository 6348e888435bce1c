// player-and-client §3, §5, §7, §9
/**
 * Telemetry batch client and log reporter of the content-data client. Framework-free (core layer).
 */
export {
  TELEMETRY_BATCH_MS,
  TELEMETRY_CORRELATION_ID_LENGTH,
  TELEMETRY_DEFAULT_SOURCE,
  TELEMETRY_MAX_QUEUE,
  TELEMETRY_MAX_RETRY_DELAY_MS,
  TELEMETRY_SEND_TIMEOUT_MS,
  TELEMETRY_TIMESTAMP_INVALID_RANGE,
  TelemetryClient,
  classifyTelemetryFailure,
  createTelemetryClient,
} from './telemetry-client.js';
export type {
  PageLifecycleTargets,
  TelemetryBatch,
  TelemetryClientOptions,
  TelemetryEvent,
  TelemetryEventMap,
  TelemetryLogger,
  TelemetrySendOptions,
  TelemetrySender,
} from './telemetry-client.js';
export { TELEMETRY_EVENT_PATH, createHttpTelemetrySender } from './http-telemetry-sender.js';
export type { HttpTelemetrySenderOptions, TelemetryFetch } from './http-telemetry-sender.js';
export {
  LOG_DEFAULT_LEVEL,
  LOG_ENHANCE_TIMEOUT_MS,
  LOG_LEVELS,
  LOG_MAX_QUEUE_SIZE,
  LogReporter,
  createLogReporter,
  formatLogArgs,
} from './log-reporter.js';
export type { LogFetch, LogLevel, LogPayload, LogPayloadEnhancer, LogReporterOptions } from './log-reporter.js';

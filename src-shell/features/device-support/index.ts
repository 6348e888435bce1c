/** Device support (play-page §4 step 5, §9): public API for the play flow and the router. */
export * from './device-support.js';
export * from './monitor.js';
export * from './supported-devices.js';
export { UnsupportedBrowserScreen, DEVICE_SUPPORT_ROUTE, safeAppUrl, type UnsupportedBrowserScreenProps } from './components/unsupported-browser-screen.js';
export { DeviceSupportPage, type DeviceSupportPageProps } from './components/device-support-page.js';

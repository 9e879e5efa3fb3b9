import { App } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { Network } from '@capacitor/network';

/**
 * Capacitor loads a plugin's implementation on the plugin's first call, and calls made while
 * that load is on its way each load a copy of their own; a listener added to a copy that lost
 * is never called. One harmless call per plugin, awaited before any other, makes them share one.
 * (Android's native side has no such copies; the browser test and the web fallback do.)
 */
export const pluginsReady: Promise<void> = Promise.all([
  App.getState(),
  Network.getStatus(),
  Browser.removeAllListeners(),
]).then(
  () => undefined,
  () => undefined,
);

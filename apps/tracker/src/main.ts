// Entry of dist/tracker.js, bundled as one IIFE so nothing leaks into the host page's globals.
// Browser methods are called through arrow functions: `setTimeout` called on another object
// throws "Illegal invocation".
import { startTracker } from './tracker';

try {
  startTracker({
    window,
    document,
    WebSocket: window.WebSocket,
    storage: () => window.localStorage,
    crypto: window.crypto,
    navigator,
    screen: window.screen,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
  });
} catch {
  // A missing global (an old browser, a sandbox) just means no tracking.
}

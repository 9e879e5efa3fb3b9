// The web app's configuration, read and checked here once: the build-time variables Vite fills in
// (VITE_*, typed in vite-env.d.ts). Nothing else reads import.meta.env.
//
// IS_ANDROID_BUILD stays a plain comparison of import.meta.env, with no function call in between:
// Vite writes the variables into the bundle as constants, so the bundler can see that it is false
// in the web build and drop the Android-only code behind it, Capacitor with it
// (docs/decisions/0016-android-app.md). The checks are written by hand rather than with a schema
// library: this module is in the entry chunk, whose size the home page's budget counts.

const target = import.meta.env.VITE_TARGET;
if (target !== undefined && target !== '' && target !== 'web' && target !== 'android') {
  throw new Error(`VITE_TARGET is '${target}': 'android', 'web' or unset`);
}

/**
 * The build the Android app wraps (VITE_TARGET=android): device storage, the back button, the
 * system browser for the gateway. False for the web (VITE_TARGET unset or 'web').
 */
export const IS_ANDROID_BUILD = target === 'android';

const apiBaseSetting = import.meta.env.VITE_API_BASE;

/**
 * Where the API's calls go, without a trailing slash: '/api' on the page's own origin (the web;
 * VITE_API_BASE unset or empty), or the absolute base the Android build sets.
 */
export const API_BASE = (apiBaseSetting?.trim() ? apiBaseSetting.trim() : '/api').replace(
  /\/+$/,
  '',
);
if (API_BASE !== '' && !/^(\/|https?:\/\/)/.test(API_BASE)) {
  throw new Error(`VITE_API_BASE is '${apiBaseSetting}': a path from / or an http(s) address`);
}

/**
 * The API's origin when this build calls it at an absolute base (the Android app: its pages are
 * served from https://localhost), or '' when the API is the page's own origin (the web).
 */
export const API_ORIGIN = /^https?:\/\//.test(API_BASE) ? new URL(API_BASE).origin : '';

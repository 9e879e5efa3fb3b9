/// <reference types="vite/client" />

// Read only by lib/config.ts, which checks them and exports typed values.
interface ImportMetaEnv {
  /** Absolute API base for builds served from elsewhere (the Android app); '/api' when unset. */
  readonly VITE_API_BASE?: string;
  /**
   * 'android' for the build the Android app wraps (device storage, back button, system browser
   * for the gateway); unset (or 'web') for the web. Compared as a constant, so the web build
   * drops the native code entirely.
   */
  readonly VITE_TARGET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

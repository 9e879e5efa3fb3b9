/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Absolute API base for builds served from elsewhere (the Android app); '/api' when unset. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

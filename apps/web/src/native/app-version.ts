import { ANDROID_VERSION, WEB_VERSION } from '@vitrin/contracts';

/** Spec §9: the running build's version, read from the one place per build. */
export const APP_VERSION =
  import.meta.env.VITE_TARGET === 'android' ? ANDROID_VERSION : WEB_VERSION;

/** Which client this build is, as the API names it (error reports, the version call). */
export const APP_PLATFORM = import.meta.env.VITE_TARGET === 'android' ? 'android' : 'web';

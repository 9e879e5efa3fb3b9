import { ANDROID_VERSION, WEB_VERSION } from '@vitrin/contracts';
import { IS_ANDROID_BUILD } from './config';

/** Spec §9: the running build's version, read from the one place per build. */
export const APP_VERSION = IS_ANDROID_BUILD ? ANDROID_VERSION : WEB_VERSION;

/** Which client this build is, as the API names it (error reports, the version call). */
export const APP_PLATFORM = IS_ANDROID_BUILD ? 'android' : 'web';

/**
 * The address that brings the Android app to the front (its intent filter in
 * apps/android/android/app/src/main/AndroidManifest.xml): the gateway's return page offers it on
 * Android phones, and the app reads the payment's result as it comes back (payment-return.ts).
 */
export const ANDROID_RETURN_URL = 'ir.vitrin.app://pay/return';

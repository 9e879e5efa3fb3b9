import type { CapacitorConfig } from '@capacitor/cli';

// The Android app (issue 9, decision 0016): the web app built for the native target
// (apps/web/dist-android, by scripts/build-android.mjs) inside Capacitor's WebView, served from
// https://localhost and calling the API at the absolute base it was built with.
const apiBase = process.env.ANDROID_API_BASE ?? 'http://10.0.2.2:3000/api';

const config: CapacitorConfig = {
  appId: 'ir.vitrin.app',
  appName: 'ویترین',
  webDir: '../web/dist-android',
  android: {
    // Only a development build that talks to a plain-http server (the emulator's view of this
    // machine) may mix it into the https page; a release build with an https base never does.
    allowMixedContent: apiBase.startsWith('http:'),
    webContentsDebuggingEnabled: process.env.ANDROID_DEBUGGABLE === '1',
  },
  plugins: {
    SplashScreen: {
      launchAutoHide: false,
      backgroundColor: '#0f766e',
      showSpinner: false,
    },
    StatusBar: {
      backgroundColor: '#0f766e',
      style: 'DARK',
      overlaysWebView: false,
    },
  },
};

export default config;

// What scripts/build-android.mjs decides, apart from running things, so it can be tested:
// the version Gradle gets, and what this machine lacks to build an APK.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export const androidRoot = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(androidRoot, '../..');

/** ANDROID_VERSION as packages/contracts/src/constants.ts declares it: the one place. */
export function readAndroidVersion(
  constantsFile = path.join(repoRoot, 'packages/contracts/src/constants.ts'),
) {
  const match = /export const ANDROID_VERSION = '(\d+\.\d+\.\d+)';/.exec(
    readFileSync(constantsFile, 'utf8'),
  );
  if (!match) throw new Error(`ANDROID_VERSION not found in ${constantsFile}`);
  return match[1];
}

/**
 * Android's whole-number versionCode for a `major.minor.patch` name: each later name a larger
 * code (1.4.700 → 1004700), which is what the stores compare.
 */
export function versionCode(version) {
  const parts = version.split('.').map(Number);
  const [major, minor, patch] = parts;
  if (parts.length !== 3 || parts.some((part) => !Number.isInteger(part) || part < 0)) {
    throw new Error(`not a major.minor.patch version: ${version}`);
  }
  if (minor > 999 || patch > 999) throw new Error(`minor and patch must be below 1000: ${version}`);
  return major * 1_000_000 + minor * 1_000 + patch;
}

/** The properties file app/build.gradle reads its versionName and versionCode from. */
export function versionProperties(version) {
  return `# Written by scripts/build-android.mjs from ANDROID_VERSION (packages/contracts).\nversionName=${version}\nversionCode=${versionCode(version)}\n`;
}

/** The API base the app is built with: absolute http(s), ending in /api. */
export function apiBaseFrom(env) {
  const base = (env.ANDROID_API_BASE ?? 'http://10.0.2.2:3000/api').replace(/\/+$/, '');
  let url;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`ANDROID_API_BASE is not an absolute address: ${base}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`ANDROID_API_BASE must be http(s): ${base}`);
  }
  if (!url.pathname.endsWith('/api')) {
    throw new Error(`ANDROID_API_BASE must end in /api (the API's base path): ${base}`);
  }
  return base;
}

/** The SDK versions the generated project compiles against (android/variables.gradle). */
export function requiredSdk(variablesFile = path.join(androidRoot, 'android/variables.gradle')) {
  const text = readFileSync(variablesFile, 'utf8');
  const compileSdk = /compileSdkVersion = (\d+)/.exec(text)?.[1];
  if (!compileSdk) throw new Error(`compileSdkVersion not found in ${variablesFile}`);
  return { compileSdk: Number(compileSdk) };
}

/**
 * What this machine lacks to build an APK, each as a sentence saying how to get it; empty when
 * nothing is missing. `javaMajor` is the installed JDK's major version, or null without one.
 */
export function missingForApk({
  env,
  javaMajor,
  compileSdk,
  exists = existsSync,
  list = readdirSync,
}) {
  const missing = [];
  if (javaMajor === null) missing.push('a JDK 17 or later (java on PATH, or JAVA_HOME)');
  else if (javaMajor < 17) missing.push(`a JDK 17 or later (found ${javaMajor})`);
  const candidates = [env.ANDROID_HOME, env.ANDROID_SDK_ROOT, path.join(homedir(), 'Android/Sdk')];
  const sdk = candidates.find((dir) => dir && exists(dir));
  if (!sdk) {
    missing.push(
      'the Android SDK: set ANDROID_HOME to it (Android Studio puts it in ~/Android/Sdk, or install the command-line tools)',
    );
    return missing;
  }
  if (!exists(path.join(sdk, 'platforms', `android-${compileSdk}`))) {
    missing.push(
      `the SDK platform android-${compileSdk}: sdkmanager "platforms;android-${compileSdk}"`,
    );
  }
  const buildTools = path.join(sdk, 'build-tools');
  if (!exists(buildTools) || list(buildTools).length === 0) {
    missing.push(`the SDK build tools: sdkmanager "build-tools;${compileSdk}.0.0"`);
  }
  return missing;
}

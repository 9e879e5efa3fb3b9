import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANDROID_VERSION } from '@vitrin/contracts';
import { describe, expect, test } from 'vitest';
import {
  androidRoot,
  apiBaseFrom,
  missingForApk,
  readAndroidVersion,
  requiredSdk,
  versionCode,
  versionProperties,
} from './android-build.mjs';

const project = path.join(androidRoot, 'android');
const read = (file: string) => readFileSync(path.join(project, file), 'utf8');

describe('the version, from one place', () => {
  test('the build reads ANDROID_VERSION from the contracts', () => {
    expect(readAndroidVersion()).toBe(ANDROID_VERSION);
    expect(ANDROID_VERSION).toBe('1.4.700');
  });

  test('each later version name gets a larger versionCode', () => {
    expect(versionCode('1.4.700')).toBe(1_004_700);
    expect(versionCode('1.5.0')).toBeGreaterThan(versionCode('1.4.999'));
    expect(versionCode('2.0.0')).toBeGreaterThan(versionCode('1.999.999'));
    expect(() => versionCode('1.4')).toThrow();
    expect(() => versionCode('1.4.1000')).toThrow();
    expect(() => versionCode('1.x.0')).toThrow();
  });

  test('the committed Android project carries the current version (run build:android after a bump)', () => {
    expect(read('app/vitrin-version.properties')).toBe(versionProperties(ANDROID_VERSION));
    expect(read('app/build.gradle')).toContain("vitrinVersion.getProperty('versionName')");
    const manifest = JSON.parse(readFileSync(path.join(androidRoot, 'package.json'), 'utf8'));
    expect(manifest.version).toBe(ANDROID_VERSION);
  });
});

describe('the committed Android project', () => {
  test('is the Persian, right-to-left app ir.vitrin.app named ویترین', () => {
    expect(read('app/src/main/AndroidManifest.xml')).toContain('android:supportsRtl="true"');
    const strings = read('app/src/main/res/values/strings.xml');
    expect(strings).toContain('<string name="app_name">ویترین</string>');
    expect(strings).toContain('<string name="package_name">ir.vitrin.app</string>');
    expect(read('app/build.gradle')).toContain('applicationId "ir.vitrin.app"');
    expect(read('app/src/main/res/values/ic_launcher_background.xml')).toContain('#0f766e');
  });

  test('opens from ir.vitrin.app:// links, the way back from the gateway’s page', () => {
    const manifest = read('app/src/main/AndroidManifest.xml');
    expect(manifest).toContain('<data android:scheme="@string/custom_url_scheme" />');
    expect(manifest).toContain('android.intent.category.BROWSABLE');
    expect(read('app/src/main/res/values/strings.xml')).toContain(
      '<string name="custom_url_scheme">ir.vitrin.app</string>',
    );
  });

  test('has its icon and splash at every density', () => {
    for (const density of ['mdpi', 'hdpi', 'xhdpi', 'xxhdpi', 'xxxhdpi']) {
      for (const file of [
        `mipmap-${density}/ic_launcher.png`,
        `mipmap-${density}/ic_launcher_round.png`,
        `mipmap-${density}/ic_launcher_foreground.png`,
        `drawable-port-${density}/splash.png`,
        `drawable-land-${density}/splash.png`,
      ]) {
        const png = readFileSync(path.join(project, 'app/src/main/res', file));
        expect(png.subarray(1, 4).toString(), file).toBe('PNG');
      }
    }
  });
});

describe('the API base', () => {
  test('defaults to this machine as the Android emulator sees it', () => {
    expect(apiBaseFrom({})).toBe('http://10.0.2.2:3000/api');
  });

  test('takes an absolute http(s) base ending in /api, and nothing else', () => {
    expect(apiBaseFrom({ ANDROID_API_BASE: 'https://vitrin.example/api/' })).toBe(
      'https://vitrin.example/api',
    );
    expect(() => apiBaseFrom({ ANDROID_API_BASE: '/api' })).toThrow(/absolute/);
    expect(() => apiBaseFrom({ ANDROID_API_BASE: 'ftp://vitrin.example/api' })).toThrow(/http/);
    expect(() => apiBaseFrom({ ANDROID_API_BASE: 'https://vitrin.example' })).toThrow(/\/api/);
  });
});

describe('what an APK build lacks', () => {
  const compileSdk = requiredSdk().compileSdk;

  test('the project compiles against a known SDK', () => {
    expect(compileSdk).toBeGreaterThanOrEqual(34);
  });

  test('names the JDK and the SDK when neither is there', () => {
    const missing = missingForApk({
      env: {},
      javaMajor: null,
      compileSdk,
      exists: () => false,
      list: () => [],
    });
    expect(missing).toHaveLength(2);
    expect(missing[0]).toMatch(/JDK 17/);
    expect(missing[1]).toMatch(/ANDROID_HOME/);
  });

  test('names the platform and build tools an SDK lacks, and an old JDK', () => {
    const sdk = mkdtempSync(path.join(tmpdir(), 'vitrin-sdk-'));
    const missing = missingForApk({ env: { ANDROID_HOME: sdk }, javaMajor: 11, compileSdk });
    expect(missing).toEqual([
      'a JDK 17 or later (found 11)',
      `the SDK platform android-${compileSdk}: sdkmanager "platforms;android-${compileSdk}"`,
      `the SDK build tools: sdkmanager "build-tools;${compileSdk}.0.0"`,
    ]);
  });

  test('lacks nothing with a JDK 17 and an SDK with the platform and build tools', () => {
    const sdk = mkdtempSync(path.join(tmpdir(), 'vitrin-sdk-'));
    const present = new Set([
      sdk,
      path.join(sdk, 'platforms', `android-${compileSdk}`),
      path.join(sdk, 'build-tools'),
    ]);
    expect(
      missingForApk({
        env: { ANDROID_SDK_ROOT: sdk },
        javaMajor: 17,
        compileSdk,
        exists: (file: string) => present.has(file),
        list: () => ['35.0.0'],
      }),
    ).toEqual([]);
  });
});

// npm run build:android (issue 9, decision 0016):
//   1. builds the web app for the native target (VITE_TARGET=android) with the absolute API
//      base ANDROID_API_BASE, into apps/web/dist-android;
//   2. writes the version from ANDROID_VERSION and syncs the bundle and plugins into the
//      Android project (npx cap sync android);
//   3. where the Android SDK and a JDK are installed, builds the APK with Gradle and copies it
//      to apps/android/dist with its size and SHA-256; where they are not, says exactly what is
//      missing and stops cleanly (exit 0; `-- --require-apk` makes that a failure).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  androidRoot,
  apiBaseFrom,
  missingForApk,
  readAndroidVersion,
  repoRoot,
  requiredSdk,
  versionProperties,
} from './android-build.mjs';

const requireApk = process.argv.includes('--require-apk');
const webRoot = path.join(repoRoot, 'apps/web');
const projectRoot = path.join(androidRoot, 'android');

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function javaMajorVersion() {
  const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin/java') : 'java';
  // java -version writes to stderr; a missing java fails to spawn and writes nothing.
  const result = spawnSync(java, ['-version'], { encoding: 'utf8' });
  return result.error ? null : parseJava(`${result.stderr}${result.stdout}`);
}

function parseJava(text) {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  if (!match) return null;
  const first = Number(match[1]);
  return first === 1 ? Number(match[2]) : first;
}

const version = readAndroidVersion();
const apiBase = apiBaseFrom(process.env);
console.log(`Vitrin for Android ${version}, calling ${apiBase}`);
if (apiBase.startsWith('http:')) {
  console.log(
    '  (plain http: a development build; set ANDROID_API_BASE=https://<your domain>/api for a release)',
  );
}

console.log('\n1/3 Building the web app for the native target…');
run('npx', ['vite', 'build', '--outDir', 'dist-android', '--emptyOutDir'], {
  cwd: webRoot,
  env: { ...process.env, VITE_TARGET: 'android', VITE_API_BASE: apiBase },
});

console.log('\n2/3 Syncing it into the Android project…');
writeFileSync(path.join(projectRoot, 'app/vitrin-version.properties'), versionProperties(version));
run('npx', ['cap', 'sync', 'android'], {
  cwd: androidRoot,
  env: { ...process.env, ANDROID_API_BASE: apiBase },
});

console.log('\n3/3 Building the APK…');
const missing = missingForApk({
  env: process.env,
  javaMajor: javaMajorVersion(),
  compileSdk: requiredSdk().compileSdk,
});
if (missing.length > 0) {
  console.log('No APK was built: this machine lacks');
  for (const item of missing) console.log(`  - ${item}`);
  console.log(
    `The Android project is synced and ready in ${path.relative(repoRoot, projectRoot)}: install what is missing and run this again, or open it in Android Studio.`,
  );
  process.exit(requireApk ? 1 : 0);
}

const release = Boolean(process.env.ANDROID_KEYSTORE_FILE);
const task = release ? 'assembleRelease' : 'assembleDebug';
run(path.join(projectRoot, 'gradlew'), [task], { cwd: projectRoot });
const variant = release ? 'release' : 'debug';
const built = path.join(projectRoot, `app/build/outputs/apk/${variant}/app-${variant}.apk`);
const outDir = path.join(androidRoot, 'dist');
mkdirSync(outDir, { recursive: true });
const target = path.join(outDir, `vitrin-android-${version}${release ? '' : '-debug'}.apk`);
copyFileSync(built, target);
const sha256 = createHash('sha256').update(readFileSync(target)).digest('hex');
console.log(`\n${path.relative(repoRoot, target)}`);
console.log(`  ${(statSync(target).size / 1024 / 1024).toFixed(1)} MB, SHA-256 ${sha256}`);
console.log(
  release
    ? '  Signed for release. Put it where ANDROID_APK_FILE points for the site’s download page.'
    : '  A debug build (no ANDROID_KEYSTORE_FILE): for testing on a device, not for the stores.',
);

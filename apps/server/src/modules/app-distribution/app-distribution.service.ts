import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  type CallParsed,
  type CallResult,
  type getAppVersion,
  WEB_VERSION,
} from '@vitrin/contracts';
import type { AndroidDistributionSettings } from '../../config';
import { compareVersions } from '../../lib/app-versions';

/** The APK on disk as the download page describes it. */
export interface ApkFile {
  path: string;
  sizeBytes: number;
  /** Lower-case hex, as `sha256sum` prints it. */
  sha256: string;
}

export interface ApkSource {
  /** The APK as it is on disk now, or null when there is none; hashed once per change. */
  current(): Promise<ApkFile | null>;
}

/** SHA-256 of a file in lower-case hex, read a chunk at a time (an APK is tens of megabytes). */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * The APK at `file`, looked at on every request so an operator can drop a new build in place
 * (copy it beside, then rename over: a half-copied file would be hashed as it is). The hash is
 * kept while the file's inode, size and modification time stay the same, and requests that
 * arrive while it is computed share that computation.
 */
export function createApkSource(
  file: string | null,
  hashFile: (file: string) => Promise<string> = sha256OfFile,
): ApkSource {
  let known: { key: string; apk: Promise<ApkFile> } | null = null;
  return {
    async current() {
      if (!file) return null;
      const stats = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
        throw error;
      });
      // An empty file is no app: most likely a copy that has not started.
      if (!stats?.isFile() || stats.size === 0) return null;
      const key = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
      if (known?.key !== key) {
        const apk = hashFile(file).then((sha256) => ({
          path: file,
          sizeBytes: stats.size,
          sha256,
        }));
        known = { key, apk };
        // A failed read is not remembered: the next request tries again.
        apk.catch(() => {
          if (known?.key === key) known = null;
        });
      }
      return known.apk;
    },
  };
}

/** The address the APK of `version` is served at; the name changes with every release. */
export function apkDownloadPath(version: string): string {
  return `/downloads/vitrin-android-${version}.apk`;
}

/**
 * What a build is told about its version: the latest and the lowest supported version of its
 * platform, whether it must or may update, and where the Android app can be had.
 */
export async function describeAppVersion(
  input: CallParsed<typeof getAppVersion>,
  settings: AndroidDistributionSettings,
  apkSource: ApkSource,
  publicUrl: string,
): Promise<CallResult<typeof getAppVersion>> {
  // The web app has one version at a time: whoever loads the site gets the current build.
  const [latest, minimum] =
    input.platform === 'web'
      ? [WEB_VERSION, WEB_VERSION]
      : [settings.latestVersion, settings.minimumVersion];
  const apk = await apkSource.current();
  return {
    latest,
    minimum,
    updateRequired: input.version !== undefined && compareVersions(input.version, minimum) < 0,
    updateAvailable: input.version !== undefined && compareVersions(input.version, latest) < 0,
    links: {
      // Absolute: the Android app runs at https://localhost and must reach this server.
      apk: apk
        ? {
            url: publicUrl + apkDownloadPath(settings.latestVersion),
            sizeBytes: apk.sizeBytes,
            sha256: apk.sha256,
            version: settings.latestVersion,
          }
        : null,
      cafeBazaar: settings.cafeBazaarUrl,
      myket: settings.myketUrl,
    },
  };
}

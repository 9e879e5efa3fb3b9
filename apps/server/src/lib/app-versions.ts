import { APP_VERSION_PATTERN } from '@vitrin/contracts';

/** Whether `value` is a version as the builds name themselves (three whole numbers). */
export function isAppVersion(value: string): boolean {
  return APP_VERSION_PATTERN.test(value);
}

/**
 * Orders two versions part by part as numbers, so 1.4.700 is newer than 1.4.99 (a text
 * comparison says otherwise). Negative when `a` is older, positive when newer, 0 when equal.
 */
export function compareVersions(a: string, b: string): number {
  const partsA = versionParts(a);
  const partsB = versionParts(b);
  for (let i = 0; i < 3; i += 1) {
    const difference = (partsA[i] ?? 0) - (partsB[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

function versionParts(version: string): number[] {
  if (!isAppVersion(version)) throw new Error(`not a version: ${version}`);
  return version.split('.').map(Number);
}

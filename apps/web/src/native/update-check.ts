import type { PathResult } from '@vitrin/contracts';
import { type DevicePreferences, PREFERENCES_PREFIX } from '../lib/device-preferences';

/** The answer of /api/app/get-app-version. */
export type AppVersionAnswer = PathResult<'/api/app/get-app-version'>;

export interface UpdateLink {
  store: 'apk' | 'cafe-bazaar' | 'myket';
  label: string;
  url: string;
  /** The APK's size in bytes, shown beside its link. */
  sizeBytes?: number;
}

export type UpdateDecision =
  | { kind: 'current' }
  | { kind: 'required'; latest: string; links: UpdateLink[] }
  | { kind: 'available'; latest: string; links: UpdateLink[] };

function parts(version: string): number[] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  return match ? match.slice(1).map(Number) : null;
}

/**
 * Orders two versions part by part as numbers (1.4.700 is newer than 1.4.99); negative when `a`
 * is older. A version that is not three numbers orders as equal, so it never blocks the app.
 */
export function compareVersions(a: string, b: string): number {
  const partsA = parts(a);
  const partsB = parts(b);
  if (!partsA || !partsB) return 0;
  for (let i = 0; i < 3; i += 1) {
    const difference = (partsA[i] ?? 0) - (partsB[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** Where to get the new version: our own APK first, then the two stores this server offers. */
export function updateLinks(links: AppVersionAnswer['links']): UpdateLink[] {
  const found: UpdateLink[] = [];
  if (links.apk) {
    found.push({
      store: 'apk',
      label: 'دریافت مستقیم از سایت ویترین',
      url: links.apk.url,
      sizeBytes: links.apk.sizeBytes,
    });
  }
  if (links.cafeBazaar)
    found.push({ store: 'cafe-bazaar', label: 'کافه‌بازار', url: links.cafeBazaar });
  if (links.myket) found.push({ store: 'myket', label: 'مایکت', url: links.myket });
  return found;
}

/**
 * Issue 9: an app below the minimum must update before it is used; below the latest it is told
 * a newer one exists. The server's flags are read with the versions it sent, so an app that
 * knows it is older than the minimum is blocked even if the flag were missing.
 */
export function decideUpdate(answer: AppVersionAnswer, current: string): UpdateDecision {
  const links = updateLinks(answer.links);
  if (answer.updateRequired || compareVersions(current, answer.minimum) < 0) {
    return { kind: 'required', latest: answer.latest, links };
  }
  if (answer.updateAvailable || compareVersions(current, answer.latest) < 0) {
    return { kind: 'available', latest: answer.latest, links };
  }
  return { kind: 'current' };
}

/** The latest version whose notice the person closed: it is not shown again for that one. */
export const UPDATE_DISMISSED_KEY = `${PREFERENCES_PREFIX}updateNoticeDismissed`;

export async function isNoticeDismissed(
  preferences: DevicePreferences,
  latest: string,
): Promise<boolean> {
  return (await preferences.get({ key: UPDATE_DISMISSED_KEY })).value === latest;
}

export async function dismissNotice(preferences: DevicePreferences, latest: string) {
  await preferences.set({ key: UPDATE_DISMISSED_KEY, value: latest });
}

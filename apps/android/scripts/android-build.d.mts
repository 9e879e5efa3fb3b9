// Types of android-build.mjs for its test (the build scripts run as plain Node).
export const androidRoot: string;
export const repoRoot: string;
export function readAndroidVersion(constantsFile?: string): string;
export function versionCode(version: string): number;
export function versionProperties(version: string): string;
export function apiBaseFrom(env: Record<string, string | undefined>): string;
export function requiredSdk(variablesFile?: string): { compileSdk: number };
export function missingForApk(options: {
  env: Record<string, string | undefined>;
  javaMajor: number | null;
  compileSdk: number;
  exists?: (file: string) => boolean;
  list?: (dir: string) => string[];
}): string[];

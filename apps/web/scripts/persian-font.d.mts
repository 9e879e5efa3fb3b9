// Types of persian-font.mjs for vite.config.ts and its test (the build scripts run as plain Node).
import type { Plugin } from 'vite';

export const PERSIAN_RANGES: ReadonlyArray<readonly [number, number]>;
export const PERSIAN_FONT_ALIAS: string;
export function unicodeRange(): string;
export function writePersianFont(): Promise<string>;
export function persianFontPlugin(): Plugin;

// Types of precompress.mjs for vite.config.ts and the server's test (the build scripts run as plain Node).
import type { Plugin } from 'vite';

export const COMPRESSIBLE_EXTENSIONS: Set<string>;
export const MIN_PRECOMPRESS_BYTES: number;
export interface PrecompressedFile {
  file: string;
  raw: number;
  br: number | null;
  gzip: number | null;
}
export function precompressDir(
  dir: string,
  options?: { minBytes?: number },
): Promise<PrecompressedFile[]>;
export function precompressPlugin(): Plugin;

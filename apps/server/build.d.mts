import type { BuildOptions } from 'esbuild';

/** esbuild's options for the server's bundles (build.mjs). */
export function serverBuildOptions(): BuildOptions & {
  absWorkingDir: string;
  entryPoints: string[];
  outdir: string;
};

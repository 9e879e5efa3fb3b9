import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated empty PGlite data directory, dumped once per run (test-app.ts loads it). */
    pgliteTemplatePath: string;
  }
}

/** Migrates one embedded database for the whole run; each test file starts from its dump. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrin-pglite-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

import path from 'node:path';
import { build } from 'esbuild';
import { expect, test } from 'vitest';
import { serverBuildOptions } from '../../build.mjs';

// The production server (dist/main.js) carries no demo data: no accounts with known passwords,
// no demo articles. Only the seed CLI (dist/seed-cli.js), which npm start runs before it, does.
// Built in memory with build.mjs's own options, so it is the bundle `npm run build` writes.

/** What the demo seed writes and nothing else in the server holds as a string. */
const demoLiterals = ['vitrin-demo-1405', 'vitrin-admin-1405', '"+989121234567"'];

test('the server bundle has no demo data; the seed bundle has it', async () => {
  const options = serverBuildOptions();
  const result = await build({ ...options, write: false, metafile: true, sourcemap: false });
  const bundle = (entry: string) => {
    const output = path.posix.join(options.outdir, `${path.parse(entry).name}.js`);
    const meta = result.metafile.outputs[output];
    const file = result.outputFiles.find(
      (each) => each.path === path.join(options.absWorkingDir, output),
    );
    if (!meta || !file) throw new Error(`${output} not built`);
    return {
      demoInputs: Object.keys(meta.inputs).filter((input) => input.startsWith('src/demo/')),
      demoLiterals: demoLiterals.filter((literal) => file.text.includes(literal)),
    };
  };

  const server = bundle('src/main.ts');
  expect(server.demoInputs).toEqual([]);
  expect(server.demoLiterals).toEqual([]);

  const seed = bundle('src/demo/seed-cli.ts');
  expect(seed.demoInputs).toEqual(
    expect.arrayContaining(['src/demo/seed.ts', 'src/demo/seed-cli.ts']),
  );
  expect(seed.demoLiterals).toEqual(demoLiterals);
});

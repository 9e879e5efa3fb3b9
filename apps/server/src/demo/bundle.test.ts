import path from 'node:path';
import { build } from 'esbuild';
import { expect, test } from 'vitest';
import { serverBuildOptions } from '../../build.mjs';

// The production server (dist/main.js) carries no demo data: no accounts with known passwords,
// no demo articles. Only the seed CLI (dist/seed-cli.js), which npm start runs before it, does.
// Built in memory with build.mjs's own options, so it is the bundle `npm run build` writes. The
// build splits code into chunks (main.js imports the app lazily, after tracing starts), so an
// entry is the entry file and every chunk it imports, statically or not.

/** What the demo seed writes and nothing else in the server holds as a string. */
const demoLiterals = ['vitrin-demo-1405', 'vitrin-admin-1405', '"+989121234567"'];

test('the server bundle has no demo data; the seed bundle has it', async () => {
  const options = serverBuildOptions();
  const result = await build({ ...options, write: false, metafile: true, sourcemap: false });
  const bundle = (entry: string) => {
    const outputs = new Set<string>();
    const pending = [path.posix.join(options.outdir, `${path.parse(entry).name}.js`)];
    for (let output = pending.pop(); output !== undefined; output = pending.pop()) {
      if (outputs.has(output)) continue;
      const meta = result.metafile.outputs[output];
      if (!meta) throw new Error(`${output} not built`);
      outputs.add(output);
      pending.push(...meta.imports.filter((each) => !each.external).map((each) => each.path));
    }
    const files = [...outputs].map((output) => {
      const file = result.outputFiles.find(
        (each) => each.path === path.join(options.absWorkingDir, output),
      );
      if (!file) throw new Error(`${output} not written`);
      return file.text;
    });
    const inputs = [...outputs].flatMap((output) =>
      Object.keys(result.metafile.outputs[output]?.inputs ?? {}),
    );
    return {
      inputs,
      demoInputs: inputs.filter((input) => input.startsWith('src/demo/')),
      demoLiterals: demoLiterals.filter((literal) => files.some((text) => text.includes(literal))),
    };
  };

  const server = bundle('src/main.ts');
  // The whole server is there (its app and routes), and none of the demo.
  expect(server.inputs).toEqual(expect.arrayContaining(['src/app.ts', 'src/main.ts']));
  expect(server.demoInputs).toEqual([]);
  expect(server.demoLiterals).toEqual([]);

  const seed = bundle('src/demo/seed-cli.ts');
  expect(seed.demoInputs).toEqual(
    expect.arrayContaining(['src/demo/seed.ts', 'src/demo/seed-cli.ts']),
  );
  expect(seed.demoLiterals).toEqual(demoLiterals);
});

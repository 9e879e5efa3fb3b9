// Zod compiles a fast parser for each object schema with `new Function` when it may. The page's
// security policy forbids eval, so the browser refuses and reports a policy violation on every
// page that parses an answer. Zod's interpreted path gives the same results; it is told to use
// it before any schema is built (main.tsx imports this module first).
//
// Zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there;
// setting it here, rather than calling `config()` from 'zod', keeps Zod itself out of the
// script every page loads. zod-without-eval.test.ts checks that Zod still reads it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

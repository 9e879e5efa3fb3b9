import { describe, expect, test } from 'vitest';

describe('zod-without-eval', () => {
  test('Zod, loaded after it, parses without compiling code', async () => {
    await import('./zod-without-eval');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);

    const compiled: string[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        compiled.push(String(args.at(-1)));
        return Reflect.construct(target, args);
      },
    });
    try {
      const schema = z.object({ id: z.number(), name: z.string() });
      expect(schema.parse({ id: 1, name: 'ویترین' })).toEqual({ id: 1, name: 'ویترین' });
      expect(schema.safeParse({ id: 'x' }).success).toBe(false);
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(compiled).toEqual([]);
  });
});

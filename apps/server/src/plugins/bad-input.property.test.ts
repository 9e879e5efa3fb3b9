import { errorEnvelope, okEnvelope } from '@vitrin/contracts';
import { count, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { z } from 'zod';
import * as schema from '../db/schema/index';
import { contractCalls } from '../test/contract-calls';
import { setupTestApp } from '../test/test-app';

const t = setupTestApp();

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await t.app.db.select({ total: count() }).from(table);
    counts[getTableName(table)] = row?.total ?? 0;
  }
  return counts;
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    'x'.repeat(20_000),
    '۱۴۰۳/۱۳/۴۰',
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.5, true, false, null),
  fc.integer(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Bodies shaped like the call's schema, with hostile values, missing and extra keys. */
function hostileBody(fieldNames: string[]) {
  return fc.oneof(
    fc.record(Object.fromEntries(fieldNames.map((name) => [name, hostileValue])), {
      requiredKeys: [],
    }),
    fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 6 }),
    hostileValue,
  );
}

test.each(contractCalls.map((call) => [call.path, call] as const))(
  'hostile bodies to %s answer the envelope, never a 5xx, and change nothing when refused',
  async (_, call) => {
    const jsonSchema = z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    const fieldNames = Object.keys(jsonSchema.properties ?? {});
    const success = okEnvelope(call.response);
    await fc.assert(
      fc.asyncProperty(hostileBody(fieldNames), async (body) => {
        const before = await rowCounts();
        const response = await t.app.inject({
          method: 'POST',
          url: call.path,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode === 200) {
          expect(success.safeParse(response.json()).success).toBe(true);
          return;
        }
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        const failure = errorEnvelope.parse(response.json());
        expect(failure.error.message).toMatch(/[\u0600-\u06FF]/);
        expect(await rowCounts()).toEqual(before);
      }),
      { numRuns: 150 },
    );
  },
);

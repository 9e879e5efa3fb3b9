import {
  adminDownloadBillingDocumentPdf,
  adminExportOrdersCsv,
  adminExportSalesReport,
  type CallDefinition,
  downloadMyBillingDocumentPdf,
  errorEnvelope,
  okEnvelope,
} from '@vitrin/contracts';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { startSession } from '../modules/accounts/sessions.service';
import * as schema from '../schema';
import { freshAddress } from './api-kit';
import { contractCalls } from './contract-calls';
import { hostileBody, type JsonSchema } from './hostile-input';
import { setupTestApp, testDatabaseKind } from './test-app';

// Issue 18: hostile bodies against every call in the contracts, as each of the four callers
// (a visitor, a customer, support, an admin), on the demo data. Whatever arrives: never a 5xx,
// always the API.md envelope, and a refused request changes no row of any table (a checksum of
// every table before and after). The same suite runs on PGlite and on real PostgreSQL.
//
// The calls are dealt into shards, one test file each (plugins/hostile-bodies-*.test.ts), so the
// suite's minutes are shared by the test workers instead of ending the run on one of them.

export const HOSTILE_BODIES_SHARDS = 3;

/** The suite for every `shards`-th call, starting at `shard` (0-based), on an app of its own. */
export function hostileBodiesSuite(shard: number, shards = HOSTILE_BODIES_SHARDS): void {
  const t = setupTestApp({ seedDemoData: true });
  const calls = contractCalls.filter((_, index) => index % shards === shard);

  // Enough cases per call and caller to meet each kind of hostile value several times; the
  // embedded database is slower per request, so it gets fewer (the PostgreSQL run gets more).
  const RUNS_PER_CALL_AND_CALLER = testDatabaseKind === 'postgres' ? 24 : 10;

  const DEMO_MOBILES = {
    customer: '+989121234567',
    support: '+989361234567',
    admin: '+989351234567',
  } as const;
  const CALLERS = ['visitor', 'customer', 'support', 'admin'] as const;
  type Caller = (typeof CALLERS)[number];

  /**
   * What a refused request may still write, and why: a wrong code is counted against the code so
   * that guessing ends (decision 0009).
   */
  const WRITTEN_BY_REFUSALS = new Set(['otp_codes']);

  const tables = Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .filter((name) => !WRITTEN_BY_REFUSALS.has(name))
    .sort();

  /** One query: per table, its row count and the sum of its rows' hashes. */
  const checksumQuery = sql.raw(
    `select ${tables
      .map(
        (name) =>
          `(select count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) from "${name}" t) as "${name}"`,
      )
      .join(', ')}`,
  );

  async function tableChecksums(): Promise<Record<string, string>> {
    const result = (await t.app.db.execute(checksumQuery)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    return result.rows[0] ?? {};
  }

  let ids: string[] = [];
  const userIds: Partial<
    Record<Exclude<Caller, 'visitor'>, { id: string; role: 'customer' | 'support' | 'admin' }>
  > = {};
  const CSV = 'text/csv; charset=utf-8';
  const FILE_ANSWERS: Record<string, readonly string[]> = {
    [adminExportOrdersCsv.path]: [CSV],
    [adminExportSalesReport.path]: [
      CSV,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [adminDownloadBillingDocumentPdf.path]: ['application/pdf'],
    [downloadMyBillingDocumentPdf.path]: ['application/pdf'],
  };

  const tally = { calls: 0, cases: 0, ok: 0, refused: 0, serverErrors: 0 };

  beforeAll(async () => {
    for (const caller of ['customer', 'support', 'admin'] as const) {
      const [user] = await t.app.db
        .select({ id: schema.users.id, role: schema.users.role })
        .from(schema.users)
        .where(eq(schema.users.mobile, DEMO_MOBILES[caller]));
      if (!user) throw new Error(`the demo seed has no ${caller}`);
      userIds[caller] = user;
    }
    // Real ids of every kind, so bodies often point at real records; none of the callers' own
    // accounts, so a hostile body cannot lock out the callers of the calls after it.
    const result = await t.app.db.execute(sql`
    (select id::text from orders limit 4) union all (select id::text from services limit 4)
    union all (select id::text from tickets limit 4) union all (select id::text from products limit 3)
    union all (select id::text from discount_codes limit 3)
    union all (select id::text from users where role = 'customer' and mobile <> ${DEMO_MOBILES.customer} limit 3)
    union all (select id::text from articles limit 2) union all (select id::text from themes limit 2)`);
    ids = (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
  });

  afterAll(() => {
    console.info(
      `hostile bodies (${testDatabaseKind}, shard ${shard + 1} of ${shards}): ${tally.calls} calls × ${CALLERS.length} callers, ${tally.cases} cases: ${tally.ok} answered 200, ${tally.refused} refused 4xx, ${tally.serverErrors} 5xx`,
    );
  });

  /** A fresh session for the caller: a hostile call that ends sessions cannot blind the rest. */
  async function tokenOf(caller: Caller): Promise<string | undefined> {
    if (caller === 'visitor') return undefined;
    const user = userIds[caller];
    if (!user) throw new Error(`no ${caller}`);
    const session = await startSession(t.app.db, user.id, {
      userAgent: 'hostile bodies',
      ipAddress: undefined,
    });
    return t.app.accessTokens.sign(user, session.sessionId);
  }

  function requestSchemaOf(call: CallDefinition): JsonSchema {
    return z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  }

  test.each(calls.map((call) => [call.path, call] as const))(
    'hostile bodies to %s, as a visitor, a customer, support and an admin: never a 5xx, always the envelope, nothing changed when refused',
    async (_, call) => {
      tally.calls += 1;
      const requestSchema = requestSchemaOf(call);
      const success = okEnvelope(call.response);
      for (const caller of CALLERS) {
        const token = await tokenOf(caller);
        // The checksums a refusal was checked against are the next case's «before»: nothing else
        // writes between two cases, and so a run of refusals costs one checksum each, not two.
        let known: Record<string, string> | undefined;
        await fc.assert(
          fc.asyncProperty(hostileBody(requestSchema, ids), async (body) => {
            const before = known ?? (await tableChecksums());
            known = undefined;
            const response = await t.app.inject({
              method: 'POST',
              url: call.path,
              remoteAddress: freshAddress(),
              headers: {
                'content-type': 'application/json',
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
              payload: JSON.stringify(body),
            });
            tally.cases += 1;
            const what = `${call.path} as ${caller}: ${response.statusCode} ${response.body.slice(0, 300)}`;
            if (response.statusCode >= 500) tally.serverErrors += 1;
            expect(response.statusCode, what).toBeLessThan(500);
            if (response.statusCode === 200) {
              tally.ok += 1;
              // The calls that answer a file (a CSV, a spreadsheet, a PDF), not the envelope.
              const fileTypes = FILE_ANSWERS[call.path];
              if (fileTypes) {
                expect(fileTypes, what).toContain(response.headers['content-type']);
                return;
              }
              expect(success.safeParse(response.json()).success, what).toBe(true);
              return;
            }
            tally.refused += 1;
            expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
            const failure = errorEnvelope.safeParse(response.json());
            expect(failure.success, what).toBe(true);
            expect(failure.data?.error.message, what).toMatch(/[\u0600-\u06FF]/);
            const after = await tableChecksums();
            expect(after, `${what}: a refused request changed rows`).toEqual(before);
            known = after;
          }),
          { numRuns: RUNS_PER_CALL_AND_CALLER },
        );
      }
    },
  );
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { errorEnvelope } from '@vitrin/contracts';
import { beforeAll, expect, test } from 'vitest';
import { serverRoot } from '../paths';
import { createSignedInUser, send } from '../test/api-kit';
import { contractCalls } from '../test/contract-calls';
import { createStaff } from '../test/staff-kit';
import { setupTestApp } from '../test/test-app';

// Issue 18: the role matrix is written down once, in docs/role-matrix.md, and this test holds
// the server to it cell by cell. A route without a row, or a row the server does not have,
// fails here before anyone has to notice.

const t = setupTestApp();

const CALLERS = ['signed out', 'customer', 'support', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

interface MatrixRow {
  path: string;
  access: string;
  allowed: Record<Caller, boolean>;
}

function readMatrix(): MatrixRow[] {
  const text = readFileSync(path.join(serverRoot, '../../docs/role-matrix.md'), 'utf8');
  const rows: MatrixRow[] = [];
  for (const line of text.split('\n')) {
    // A row: | `path` | access | four cells |, however Biome pads its columns.
    const cells = line
      .trim()
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const callPath = /^`(\/api\/[^`]+)`$/.exec(cells[0] ?? '')?.[1];
    if (!callPath) continue;
    const marks = cells.slice(2);
    if (marks.length !== CALLERS.length || marks.some((mark) => mark !== '✓' && mark !== '·')) {
      throw new Error(`docs/role-matrix.md: the row of ${callPath} needs four cells of ✓ or ·`);
    }
    rows.push({
      path: callPath,
      access: (cells[1] ?? '').replaceAll('`', ''),
      allowed: Object.fromEntries(CALLERS.map((caller, i) => [caller, marks[i] === '✓'])) as Record<
        Caller,
        boolean
      >,
    });
  }
  return rows;
}

const matrix = readMatrix();

function describeAccess(access: (typeof contractCalls)[number]['access']): string {
  return typeof access === 'object' ? access.permission : access;
}

test('every call the contracts declare has one row, with the access the contract declares', () => {
  const paths = matrix.map((row) => row.path);
  expect(new Set(paths).size, 'a call has two rows').toBe(paths.length);
  const byPath = new Map(matrix.map((row) => [row.path, row]));
  for (const call of contractCalls) {
    const row = byPath.get(call.path);
    expect(row, `${call.path} has no row in docs/role-matrix.md`).toBeDefined();
    expect(row?.access, `${call.path}'s access`).toBe(describeAccess(call.access));
  }
});

test('every POST route under /api/ the server registers has a row, and every row a route', () => {
  const documented = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  const routes = Object.entries(documented)
    .filter(([route, methods]) => route.startsWith('/api/') && 'post' in methods)
    .map(([route]) => route);
  const rows = new Set(matrix.map((row) => row.path));
  expect(routes.filter((route) => !rows.has(route))).toEqual([]);
  expect([...rows].filter((row) => !routes.includes(row))).toEqual([]);
});

// It answers 401 to whoever sends no valid refresh token in the body: the token it checks is
// the body's, not the caller's, so a 401 there says nothing about authorization.
const CHECKS_A_TOKEN_IN_THE_BODY = new Set(['/api/jwt/refresh-token']);

const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  tokens.customer = (
    await createSignedInUser(t.app, { firstName: 'ماتریس', lastName: 'مشتری' })
  ).token;
  tokens.support = (await createStaff(t.app, 'support')).token;
  tokens.admin = (await createStaff(t.app, 'admin')).token;
});

test.each(matrix.map((row) => [row.path, row] as const))(
  '%s: each caller is let in or refused as the role matrix says',
  async (_, row) => {
    for (const caller of CALLERS) {
      // An empty body: a refusal must come before the body is even validated, so a caller
      // without the right learns nothing of the call's fields.
      const response = await send(t.app, row.path, {}, tokens[caller]);
      const cell = `${row.path} as ${caller}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, cell).toBeLessThan(500);
      if (row.allowed[caller]) {
        const refusals = CHECKS_A_TOKEN_IN_THE_BODY.has(row.path) ? [403] : [401, 403];
        expect(refusals, cell).not.toContain(response.statusCode);
        continue;
      }
      expect(response.statusCode, cell).toBe(caller === 'signed out' ? 401 : 403);
      const { error } = errorEnvelope.parse(response.json());
      expect(error.code, cell).toBe(caller === 'signed out' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
    }
  },
);

test('the matrix covers every call for every caller', () => {
  const cells = matrix.length * CALLERS.length;
  console.info(`role matrix: ${matrix.length} calls × ${CALLERS.length} callers = ${cells} cells`);
  expect(matrix.length).toBeGreaterThanOrEqual(contractCalls.length);
});

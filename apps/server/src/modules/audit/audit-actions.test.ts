import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  getAuditLog,
  STAFF_PERMISSIONS,
} from '@vitrin/contracts';
import { describe, expect, test } from 'vitest';
import { ok } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';

// Issue 35: the console's audit log showed raw keys (`billing.transfer.confirm`). Every action
// the server writes has a Persian label in contracts' AUDIT_ACTION_LABELS, the one table the log
// reads (writeAudit takes only its keys; this reads the source for any written another way).

const src = path.resolve(import.meta.dirname, '../..');

function runtimeSources(): string[] {
  return readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/\.test\.ts$|-test-kit\.ts$|\/test\//.test(file));
}

/** The records audit rows are about, as the first part of an action: `order` of `order.refund`. */
const auditPrefixes = new Set(Object.keys(AUDIT_ACTION_LABELS).map((key) => key.split('.')[0]));
const permissions = new Set<string>(Object.keys(STAFF_PERMISSIONS));

describe('every audit action the server writes has a Persian label', () => {
  test('each dotted action key in the server source is in the table', () => {
    const written = new Set<string>();
    for (const file of runtimeSources()) {
      const text = readFileSync(file, 'utf8');
      for (const [, key] of text.matchAll(/'([a-z][a-z-]*(?:\.[a-z][a-z-]*)+)'/g)) {
        if (!key || permissions.has(key)) continue;
        if (auditPrefixes.has(key.split('.')[0])) written.add(key);
      }
    }
    // The source writes the actions it has (not one is only in the table by mistake)…
    expect([...written].sort()).toEqual(Object.keys(AUDIT_ACTION_LABELS).sort());
    // …and each reads in Persian.
    for (const label of Object.values(AUDIT_ACTION_LABELS))
      expect(label).toMatch(/^[\u0600-\u06ff‌ ]+$/);
  });

  test('each record type the server writes has a Persian name', () => {
    const written = new Set<string>();
    for (const file of runtimeSources()) {
      const text = readFileSync(file, 'utf8');
      for (const [, type] of text.matchAll(/entityType: '([^']+)'/g)) if (type) written.add(type);
    }
    expect([...written].sort()).toEqual(Object.keys(AUDIT_ENTITY_LABELS).sort());
  });
});

describe('the log the console reads', () => {
  const t = setupTestApp({ seedDemoData: true });

  test('every row of the demo log is an action the table labels', async () => {
    const admin = await createStaff(t.app, 'admin');
    const log = await ok(t.app, getAuditLog.path, { pageSize: 100 }, admin.token);
    expect(log.items.length).toBeGreaterThan(0);
    for (const entry of log.items) {
      expect(Object.hasOwn(AUDIT_ACTION_LABELS, entry.action), entry.action).toBe(true);
      expect(Object.hasOwn(AUDIT_ENTITY_LABELS, entry.entityType), entry.entityType).toBe(true);
    }
  });
});

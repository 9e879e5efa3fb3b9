import { type CallDefinition, hasPermission } from '@vitrin/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { auditLog } from '../schema';
import { createSignedInUser, type SignedInUser, send } from './api-kit';

// Staff console tests (issue 8): staff accounts, the authorization every admin call must have,
// and the audit rows its changes must leave.

export function createStaff(
  app: FastifyInstance,
  role: 'support' | 'admin',
): Promise<SignedInUser> {
  return createSignedInUser(app, {
    role,
    firstName: role === 'admin' ? 'علی' : 'مریم',
    lastName: role === 'admin' ? 'مدیر' : 'پشتیبان',
  });
}

/**
 * A staff call refuses the signed-out (401), customers (403) and, for a permission support
 * does not hold, support (403); `body` should be one the call would otherwise accept, so the refusal is the
 * role's and not the input's.
 */
export async function expectStaffOnly(
  app: FastifyInstance,
  call: CallDefinition,
  body: unknown,
): Promise<void> {
  const signedOut = await send(app, call.path, body);
  expect(signedOut.statusCode, `${call.path} signed out`).toBe(401);
  const customer = await createSignedInUser(app, { firstName: 'مشتری', lastName: 'عادی' });
  const asCustomer = await send(app, call.path, body, customer.token);
  expect(asCustomer.statusCode, `${call.path} as a customer`).toBe(403);
  expect(asCustomer.json().error.code).toBe('FORBIDDEN');
  const { access } = call;
  if (typeof access === 'object' && !hasPermission('support', access.permission)) {
    const support = await createStaff(app, 'support');
    const asSupport = await send(app, call.path, body, support.token);
    expect(asSupport.statusCode, `${call.path} as support`).toBe(403);
  }
}

/** The audit rows about one record, newest first. */
export function auditRowsOf(app: FastifyInstance, entityType: string, entityId: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt));
}

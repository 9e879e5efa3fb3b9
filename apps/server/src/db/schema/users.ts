import { USER_ROLES } from '@vitrin/contracts';
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const userRoles = USER_ROLES;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164, e.g. +989121234567 (API.md). */
    mobile: text('mobile').notNull().unique(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    role: text('role', { enum: userRoles }).notNull().default('customer'),
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    /** Set by staff (issue 8): a locked account cannot sign in, and its sessions are ended. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedReason: text('locked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('customer', 'support', 'admin')`),
    check('users_mobile_e164_check', sql`${table.mobile} ~ '^\\+989[0-9]{9}$'`),
  ],
);

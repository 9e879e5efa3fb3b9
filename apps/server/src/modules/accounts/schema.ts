import { USER_ROLES } from '@vitrin/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { check } from 'drizzle-orm/pg-core';
import { foldedParts } from '../../lib/search-fold';

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
    /** First name, last name and e-mail folded for the console's search (lib/search-fold.ts). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => foldedParts(users.firstName, users.lastName, users.email)),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('customer', 'support', 'admin')`),
    // The console's customers, newest first, and the dashboard's sign-ups by day (decision 0031).
    index('users_created_idx').on(table.createdAt, table.id),
    // The console's search by name or e-mail, and by any part of a mobile (decision 0031).
    index('users_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('users_mobile_trgm_idx').using('gin', table.mobile.op('gin_trgm_ops')),
    check('users_mobile_e164_check', sql`${table.mobile} ~ '^\\+989[0-9]{9}$'`),
  ],
);

import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const refreshTokenRevocations = [
  'rotated',
  'logout',
  'reuse',
  'password-change',
  'ended',
] as const;

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; every refresh
 * revokes the presented token and adds its successor to the family, so exactly one token of a
 * live family is active. Presenting a revoked one revokes the whole family (reuse).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the family was last refreshed (the session's last activity). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', { enum: refreshTokenRevocations }),
  },
  (table) => [
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_family_idx').on(table.familyId),
  ],
);

export const otpPurposes = ['sign-in', 'verify'] as const;
export type OtpPurpose = (typeof otpPurposes)[number];

/** One-time codes sent by SMS, stored as keyed hashes; a few wrong tries end a code. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose', { enum: otpPurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    requestIp: text('request_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('otp_codes_mobile_idx').on(table.mobile, table.createdAt)],
);

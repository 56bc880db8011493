import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './schema-columns.ts';

/** Staff, their sessions and their second factors (migrations 0001, 0024, 0025). */
export const staff = pgTable('staff', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: ['support', 'manager', 'ops', 'admin'] }).notNull(),
  passwordHash: text('password_hash'),
  disabledAt: timestamptz('disabled_at'),
  /** One of the sandbox's demo accounts, which the second-factor policy may exempt. */
  sandboxDemo: boolean('sandbox_demo').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    /** The session's public id, for the list of one's sessions; the cookie's hash stays the key. */
    id: uuid('id').notNull().unique().default(sql`gen_random_uuid()`),
    secondFactor: text('second_factor', { enum: ['none', 'pending', 'verified'] }).notNull().default('none'),
    /** When a second factor was last checked in this session (sign-in or step-up). */
    factorCheckedAt: timestamptz('factor_checked_at'),
    /** By when the policy wants its staff member to have enrolled a second factor; null when it does not. */
    enrolBy: timestamptz('enrol_by'),
  },
  (table) => [index('sessions_staff_id').on(table.staffId)],
);

/** A staff member's authenticator app: pending until `confirmedAt`; a code's step at or before `lastUsedStep` is refused. */
export const staffTotp = pgTable('staff_totp', {
  staffId: uuid('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Recovery codes, hashed; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [primaryKey({ columns: [table.staffId, table.codeHash] })],
);

export const setupTokens = pgTable('setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  createdAt: timestamptz('created_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamptz('last_failure_at').notNull(),
  blockedUntil: timestamptz('blocked_until').notNull(),
});

export const PASSKEY_CHALLENGE_PURPOSES = ['register', 'verify', 'sign_in'] as const;

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    passwordless: boolean('passwordless').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [index('passkeys_staff_id').on(table.staffId)],
);

export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: PASSKEY_CHALLENGE_PURPOSES }).notNull(),
  staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
  sessionHash: text('session_hash'),
  rpId: text('rp_id').notNull(),
  origin: text('origin').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

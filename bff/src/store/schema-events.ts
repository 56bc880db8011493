import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './schema-columns.ts';
import { staff } from './schema-staff.ts';

/** The event log, written in the change's own transaction (migration 0023 says how it is read in order). */
export const events = pgTable('events', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  id: text('id').notNull().unique(),
  type: text('type').notNull(),
  at: timestamptz('at').notNull(),
  subjectKind: text('subject_kind').notNull(),
  subjectId: text('subject_id').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
});

/** A transaction id as PostgreSQL's xid8, read and written as its decimal text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/** Where each reader of the event log stands (migration 0027). */
export const eventReaders = pgTable('event_readers', {
  name: text('name').primaryKey(),
  tx: xid8('tx'),
  seq: bigint('seq', { mode: 'number' }),
});

/** Webhook targets: admins' signed endpoints and staff members' Slack targets (migration 0027). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  url: text('url').notNull(),
  format: text('format', { enum: ['standard-webhooks', 'slack'] }).notNull(),
  ownerStaffId: uuid('owner_staff_id').references(() => staff.id, { onDelete: 'cascade' }),
  events: jsonb('events').$type<string[]>().notNull(),
  description: text('description'),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason', { enum: ['admin', 'gone', 'failing'] }),
  secret: text('secret'),
  secretHint: text('secret_hint'),
  previousSecret: text('previous_secret'),
  previousSecretValidUntil: timestamptz('previous_secret_valid_until'),
  failingSince: timestamptz('failing_since'),
  createdAt: timestamptz('created_at').notNull(),
  createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
});

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  endpointId: uuid('endpoint_id')
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  eventId: text('event_id').notNull(),
  eventType: text('event_type').notNull(),
  body: text('body').notNull(),
  status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at'),
  tryingSince: timestamptz('trying_since').notNull(),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamptz('lease_until'),
  createdAt: timestamptz('created_at').notNull(),
});

export const webhookAttempts = pgTable('webhook_attempts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  deliveryId: uuid('delivery_id')
    .notNull()
    .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  at: timestamptz('at').notNull(),
  outcome: text('outcome', { enum: ['delivered', 'http_error', 'timeout', 'refused', 'error'] }).notNull(),
  status: integer('status'),
  latencyMs: integer('latency_ms').notNull(),
  response: text('response').notNull(),
});

export const eventConditions = pgTable('event_conditions', {
  key: text('key').primaryKey(),
  state: text('state').notNull(),
  at: timestamptz('at').notNull(),
});

/** What a staff member chose to hear about (migration 0028); without a row, their role's defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  staffId: uuid('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  events: jsonb('events').$type<string[]>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** What a staff member was told, once per event. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    at: timestamptz('at').notNull(),
    readAt: timestamptz('read_at'),
  },
  (table) => [index('notifications_newest').on(table.staffId, table.at, table.id)],
);

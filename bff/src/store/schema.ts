import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, numeric, pgTable, primaryKey, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_STATES } from '../../../common/payment-states.ts';
import { timestamptz } from './schema-columns.ts';
import { staff } from './schema-staff.ts';

/** The tables as the query layer sees them; `migrations/*.sql` is what creates them. Staff and their sign-in (schema-staff.ts) and the event log and what reads it (schema-events.ts) have files of their own. */
export * from './schema-staff.ts';
export * from './schema-events.ts';

export const auditEvents = pgTable('audit_events', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  at: timestamptz('at').notNull(),
  actorId: uuid('actor_id'),
  actorEmail: text('actor_email'),
  actorRole: text('actor_role'),
  clientIp: text('client_ip'),
  requestId: text('request_id'),
  action: text('action').notNull(),
  target: text('target'),
  outcome: text('outcome').notNull(),
  upstreamStatus: integer('upstream_status'),
  upstreamCode: text('upstream_code'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});

export const auditHead = pgTable('audit_head', {
  singleton: boolean('singleton').primaryKey().default(true),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  direction: text('direction', { enum: ['user_to_app', 'app_to_user'] }).notNull(),
  userUid: text('user_uid').notNull(),
  amount: numeric('amount', { precision: 30, scale: 7 }).notNull(),
  memo: text('memo').notNull(),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  network: text('network').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  developerApproved: boolean('developer_approved').notNull(),
  transactionVerified: boolean('transaction_verified').notNull(),
  developerCompleted: boolean('developer_completed').notNull(),
  cancelled: boolean('cancelled').notNull(),
  userCancelled: boolean('user_cancelled').notNull(),
  state: text('state', { enum: PAYMENT_STATES }).notNull(),
  txid: text('txid'),
  txVerified: boolean('tx_verified'),
  txLink: text('tx_link'),
  searchText: text('search_text').notNull(),
  firstSeenAt: timestamptz('first_seen_at').notNull(),
  lastChangedAt: timestamptz('last_changed_at').notNull(),
});

/** The app's names of its users, as the app last sent them; `*_key` is each folded for search (see `common/name-search-key.ts`). */
export const appUserNames = pgTable('app_user_names', {
  uid: text('uid').primaryKey(),
  username: text('username'),
  displayName: text('display_name'),
  usernameKey: text('username_key'),
  displayNameKey: text('display_name_key'),
  setAt: timestamptz('set_at').notNull(),
  /** The audit actor's id of whoever set them last; null when no actor is known. */
  setBy: text('set_by'),
});

/** When the console last saw each payment: apart from `payments`, so that a look-up's write is narrow. */
export const paymentSyncs = pgTable('payment_syncs', {
  paymentId: text('payment_id')
    .primaryKey()
    .references(() => payments.id, { onDelete: 'cascade' }),
  lastSyncedAt: timestamptz('last_synced_at').notNull(),
});

export const paymentEvents = pgTable('payment_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  at: timestamptz('at').notNull(),
  kind: text('kind', { enum: ['first_seen', 'changed'] }).notNull(),
  state: text('state', { enum: PAYMENT_STATES }).notNull(),
  changes: jsonb('changes').$type<string[]>().notNull(),
  source: text('source').notNull(),
});

export interface ApiKeyLimits {
  /** Largest single reward or refund; null or absent: the console's per-reward cap. */
  perRewardCap?: string | null;
  /** Total asked for per UTC day; null or absent: the console's daily total per requester. */
  dailyTotal?: string | null;
}

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull().unique(),
  secretHint: text('secret_hint').notNull(),
  previousSecretHash: text('previous_secret_hash').unique(),
  previousValidUntil: timestamptz('previous_valid_until'),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  allowedIps: jsonb('allowed_ips').$type<string[]>(),
  limits: jsonb('limits').$type<ApiKeyLimits>(),
  expiresAt: timestamptz('expires_at'),
  createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull(),
  rolledAt: timestamptz('rolled_at'),
  revokedAt: timestamptz('revoked_at'),
  lastUsedAt: timestamptz('last_used_at'),
  lastUsedIp: text('last_used_ip'),
});

export const adChecks = pgTable('ad_checks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  adId: text('ad_id').notNull(),
  checkedAt: timestamptz('checked_at').notNull(),
  checkedBy: text('checked_by'),
  result: text('result', { enum: ['ok', 'not_found', 'error'] }).notNull(),
  status: text('status', { enum: ['granted', 'revoked', 'failed'] }),
  grantedAt: timestamptz('granted_at'),
  revokedAt: timestamptz('revoked_at'),
  reward: boolean('reward').notNull(),
  errorCode: text('error_code'),
});

export const REWARD_STATES = ['awaiting_approval', 'requested', 'created', 'signed', 'submitted', 'completed', 'failed', 'cancelled', 'needs_attention', 'rejected'] as const;

export const rewards = pgTable('rewards', {
  id: uuid('id').primaryKey(),
  /** A staff member's id or an API key's id. */
  requestedBy: uuid('requested_by').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  uid: text('uid').notNull(),
  amount: numeric('amount', { precision: 30, scale: 7 }).notNull(),
  memo: text('memo').notNull(),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
  state: text('state', { enum: REWARD_STATES }).notNull(),
  createAttempts: integer('create_attempts').notNull().default(0),
  paymentId: text('payment_id').unique(),
  network: text('network'),
  fromAddress: text('from_address'),
  toAddress: text('to_address'),
  envelopeXdr: text('envelope_xdr'),
  txHash: text('tx_hash'),
  txSequence: numeric('tx_sequence', { precision: 20, scale: 0 }),
  txMaxTime: timestamptz('tx_max_time'),
  txid: text('txid'),
  blockedBy: text('blocked_by'),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamptz('lease_until'),
  approvedBy: uuid('approved_by').references(() => staff.id),
  batchId: uuid('batch_id').references(() => rewardBatches.id),
  batchLine: integer('batch_line'),
  /** Who rejected it (or its batch) instead of approving it, when and why. */
  rejectedBy: uuid('rejected_by').references(() => staff.id),
  rejectedAt: timestamptz('rejected_at'),
  rejectionReason: text('rejection_reason'),
  /** The user-to-app payment this reward refunds (to its payer); null for any other reward. */
  refundOf: text('refund_of'),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

export const REWARD_BATCH_STATES = ['previewed', 'awaiting_approval', 'running', 'paused', 'cancelled', 'finished', 'rejected'] as const;

export const rewardBatches = pgTable('reward_batches', {
  id: uuid('id').primaryKey(),
  requestedBy: uuid('requested_by')
    .notNull()
    .references(() => staff.id),
  state: text('state', { enum: REWARD_BATCH_STATES }).notNull(),
  fileName: text('file_name'),
  rowCount: integer('row_count').notNull(),
  validCount: integer('valid_count').notNull(),
  userCount: integer('user_count').notNull(),
  totalAmount: numeric('total_amount', { precision: 30, scale: 7 }).notNull(),
  largestAmount: numeric('largest_amount', { precision: 30, scale: 7 }).notNull(),
  /** `unseenUsers` is absent on batches uploaded before the console counted them. */
  flags: jsonb('flags').$type<{ duplicateRows: number; duplicateUsers: number; overCap: number; unseenUsers?: number }>().notNull(),
  approvedBy: uuid('approved_by').references(() => staff.id),
  /** Started above the approval threshold: it waited (or waits) for a second person. */
  approvalAsked: boolean('approval_asked').notNull().default(false),
  retryOf: uuid('retry_of').references((): AnyPgColumn => rewardBatches.id),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
  startedAt: timestamptz('started_at'),
  finishedAt: timestamptz('finished_at'),
  /** Set while the runner holds it paused because the wallet lacked this much for its next row. */
  needsFunds: numeric('needs_funds', { precision: 30, scale: 7 }),
  /** Who rejected it instead of approving it, when and why. */
  rejectedBy: uuid('rejected_by').references(() => staff.id),
  rejectedAt: timestamptz('rejected_at'),
  rejectionReason: text('rejection_reason'),
});

export interface BatchRowNote {
  column: string | null;
  message: string;
  /** The earlier reward a look-alike warning names, for a link. */
  rewardId?: string;
}

export const rewardBatchRows = pgTable(
  'reward_batch_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => rewardBatches.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    uid: text('uid').notNull(),
    amount: text('amount').notNull(),
    memo: text('memo').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    problems: jsonb('problems').$type<BatchRowNote[]>().notNull(),
    warnings: jsonb('warnings').$type<BatchRowNote[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.batchId, table.line] })],
);

export const rewardEvents = pgTable('reward_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  rewardId: uuid('reward_id')
    .notNull()
    .references(() => rewards.id, { onDelete: 'cascade' }),
  at: timestamptz('at').notNull(),
  state: text('state').notNull(),
  step: text('step').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  /** How many times the step was met in a row, the same each time; `lastAt` the latest (null when once). */
  repeats: integer('repeats').notNull().default(1),
  lastAt: timestamptz('last_at'),
});

export const WALLET_TRANSACTION_DIRECTIONS = ['out', 'in', 'self'] as const;
export const MATCH_STATES = ['console', 'outside_console', 'user_payment', 'duplicate', 'unmatched', 'failed', 'not_payment', 'self'] as const;

/** The app wallet's chain history as reconciliation read it: one row per payment operation. */
export const walletTransactions = pgTable('wallet_transactions', {
  pagingToken: text('paging_token').primaryKey(),
  ledgerOrder: numeric('ledger_order', { precision: 20, scale: 0 }).notNull(),
  hash: text('hash').notNull(),
  ledger: integer('ledger').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  successful: boolean('successful').notNull(),
  direction: text('direction', { enum: WALLET_TRANSACTION_DIRECTIONS }).notNull(),
  operationType: text('operation_type').notNull(),
  fromAddress: text('from_address'),
  toAddress: text('to_address'),
  amountStroops: bigint('amount_stroops', { mode: 'bigint' }),
  feeStroops: bigint('fee_stroops', { mode: 'bigint' }).notNull(),
  memoType: text('memo_type').notNull(),
  memo: text('memo'),
  matchedPaymentId: text('matched_payment_id'),
  matchedRewardId: uuid('matched_reward_id'),
  matchState: text('match_state', { enum: MATCH_STATES }).notNull(),
  readAt: timestamptz('read_at').notNull(),
});

export const EXCEPTION_KINDS = ['double_payment', 'unmatched_outflow', 'amount_mismatch', 'destination_mismatch', 'missing_on_chain', 'unmatched_inflow', 'paid_not_completed'] as const;
export const EXCEPTION_STATES = ['open', 'acknowledged', 'resolved'] as const;

export const reconciliationExceptions = pgTable('reconciliation_exceptions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  kind: text('kind', { enum: EXCEPTION_KINDS }).notNull(),
  subject: text('subject').notNull(),
  txHash: text('tx_hash'),
  amountStroops: bigint('amount_stroops', { mode: 'bigint' }),
  counterparty: text('counterparty'),
  paymentId: text('payment_id'),
  rewardId: uuid('reward_id'),
  detail: text('detail').notNull(),
  firstSeenAt: timestamptz('first_seen_at').notNull(),
  state: text('state', { enum: EXCEPTION_STATES }).notNull().default('open'),
  note: text('note'),
  acknowledgedBy: uuid('acknowledged_by').references(() => staff.id),
  acknowledgedAt: timestamptz('acknowledged_at'),
  resolvedBy: uuid('resolved_by').references(() => staff.id),
  resolvedAt: timestamptz('resolved_at'),
});

export const reconciliationCursor = pgTable('reconciliation_cursor', {
  id: integer('id').primaryKey(),
  pagingToken: text('paging_token'),
  historyOpeningStroops: bigint('history_opening_stroops', { mode: 'bigint' }),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamptz('lease_until'),
  lastRunAt: timestamptz('last_run_at'),
});

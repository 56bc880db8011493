import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isDecimalAmount } from '../../../common/amount.ts';
import { FINAL_STATES } from '../../../common/payment-states.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import { payments, paymentSyncs } from '../store/schema.ts';
import { cursorText, cursorTime, decodePageCursor, encodePageCursor } from '../store/page-cursor.ts';
import type { PaymentFilters, PaymentPageQuery, PaymentSort } from './payment-filters.ts';
import { viewOfRow, type IndexedPaymentView, type PaymentRow } from './payment-view.ts';

/** Indexed payments as `viewOfRow` reads them: each row with its sync time, joined from `payment_syncs`. */
export function selectIndexedPayments(db: Database) {
  return db
    .select({ ...getTableColumns(payments), lastSyncedAt: paymentSyncs.lastSyncedAt })
    .from(payments)
    .innerJoin(paymentSyncs, eq(paymentSyncs.paymentId, payments.id))
    .$dynamic();
}

// Each sort's value and tie-break come from one table, so that the page walks that table's index on both.
const SORT_KEYS = {
  created: { column: payments.createdAt, id: payments.id },
  amount: { column: payments.amount, id: payments.id },
  synced: { column: paymentSyncs.lastSyncedAt, id: paymentSyncs.paymentId },
} as const;

interface Cursor {
  sort: PaymentSort;
  order: 'asc' | 'desc';
  value: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return encodePageCursor([cursor.sort, cursor.order, cursor.value, cursor.id]);
}

const CURSOR_VALUES = { created: cursorTime, synced: cursorTime, amount: z.string().refine(isDecimalAmount) } as const;

function decodeCursor(text: string, sort: PaymentSort, order: 'asc' | 'desc'): Cursor {
  const [, , value, id] = decodePageCursor(text, z.tuple([z.literal(sort), z.literal(order), CURSOR_VALUES[sort], cursorText]));
  return { sort, order, value, id };
}

function sortValueOf(row: PaymentRow, sort: PaymentSort): string {
  if (sort === 'amount') return row.amount;
  return (sort === 'created' ? row.createdAt : row.lastSyncedAt).toISOString();
}

// Literal, not bound, so that the planner can match it to the partial indexes of moving payments.
const MOVING = sql`${payments.state} NOT IN (${sql.raw(FINAL_STATES.map((state) => `'${state}'`).join(', '))})`;

/** The WHERE clause of a filtered view of the index. */
export function filterConditions(filters: PaymentFilters, clock: Clock): SQL[] {
  const conditions: SQL[] = [];
  if (filters.state) conditions.push(inArray(payments.state, filters.state));
  if (filters.direction) conditions.push(eq(payments.direction, filters.direction));
  if (filters.developer_approved !== undefined) conditions.push(eq(payments.developerApproved, filters.developer_approved));
  if (filters.transaction_verified !== undefined) conditions.push(eq(payments.transactionVerified, filters.transaction_verified));
  if (filters.developer_completed !== undefined) conditions.push(eq(payments.developerCompleted, filters.developer_completed));
  if (filters.cancelled !== undefined) conditions.push(eq(payments.cancelled, filters.cancelled));
  if (filters.user_cancelled !== undefined) conditions.push(eq(payments.userCancelled, filters.user_cancelled));
  if (filters.uid) conditions.push(eq(payments.userUid, filters.uid));
  if (filters.txid) conditions.push(eq(payments.txid, filters.txid));
  if (filters.amountMin) conditions.push(gte(payments.amount, filters.amountMin));
  if (filters.amountMax) conditions.push(lte(payments.amount, filters.amountMax));
  if (filters.from) conditions.push(gte(payments.createdAt, filters.from));
  if (filters.to) conditions.push(lt(payments.createdAt, filters.to));
  if (filters.network) conditions.push(eq(payments.network, filters.network));
  if (filters.q) {
    const pattern = `%${filters.q.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(sql`${payments.searchText} LIKE ${pattern}`);
  }
  if (filters.staleMinutes) {
    conditions.push(lte(payments.lastChangedAt, new Date(clock.now().getTime() - filters.staleMinutes * 60_000)));
  }
  // "Not completed, not cancelled" is the same as "not in a final state"; saying so lets the planner use
  // the partial index of moving payments instead of scanning. Only payments that can move can be stale.
  const notFinalByFlags = filters.developer_completed === false && filters.cancelled === false && filters.user_cancelled === false;
  if (notFinalByFlags || filters.staleMinutes) conditions.push(MOVING);
  return conditions;
}

/** One page of the index, newest (or as sorted) first, with keyset pagination stable under inserts. */
export async function queryPayments(db: Database, clock: Clock, query: PaymentPageQuery): Promise<{ payments: IndexedPaymentView[]; nextCursor: string | null }> {
  const { column, id } = SORT_KEYS[query.sort];
  const conditions = filterConditions(query, clock);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, query.sort, query.order);
    const value = query.sort === 'amount' ? sql`${cursor.value}::numeric` : sql`${cursor.value}::timestamptz`;
    conditions.push(query.order === 'desc' ? sql`(${column}, ${id}) < (${value}, ${cursor.id})` : sql`(${column}, ${id}) > (${value}, ${cursor.id})`);
  }
  const direction = query.order === 'desc' ? desc : asc;
  const rows = await selectIndexedPayments(db)
    .where(and(...conditions))
    .orderBy(direction(column), direction(id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ sort: query.sort, order: query.order, value: sortValueOf(last, query.sort), id: last.id }) : null;
  return { payments: page.map(viewOfRow), nextCursor };
}

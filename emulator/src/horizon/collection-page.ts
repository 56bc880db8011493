import { z } from 'zod';
import { HorizonProblem, beforeHistoryProblem, invalidFieldProblem } from './horizon-views.ts';
import { MAX_TOID, afterLedger, toid } from './toid.ts';

/** Where a page of a collection starts and which way it runs; `cursor` null is the collection's first (asc) or last (desc) record. */
export interface PageQuery {
  order: 'asc' | 'desc';
  limit: number;
  cursor: bigint | null;
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 200;

/** strconv.ParseBool's words: what Horizon's query decoder takes as a boolean. */
const BOOLEAN_WORDS = new Map([...['1', 't', 'T', 'TRUE', 'true', 'True'].map((word) => [word, true] as const), ...['0', 'f', 'F', 'FALSE', 'false', 'False'].map((word) => [word, false] as const)]);

function cursorOf(text: string, context: z.RefinementCtx): bigint | 'now' {
  if (text === 'now') return 'now';
  if (/^-\d+$/.test(text)) context.addIssue({ code: 'custom', message: `the cursor ${text} is a negative number: ` });
  else if (!/^\d{1,19}$/.test(text) || BigInt(text) > MAX_TOID) context.addIssue({ code: 'custom', message: 'invalid value' });
  else return BigInt(text);
  return z.NEVER;
}

function limitOf(text: string, context: z.RefinementCtx): number {
  if (!/^[+-]?\d{1,18}$/.test(text)) context.addIssue({ code: 'custom', message: 'unparseable value' });
  else if (Number(text) <= 0) context.addIssue({ code: 'custom', message: 'invalid limit: non-positive value provided' });
  else if (Number(text) > MAX_LIMIT) context.addIssue({ code: 'custom', message: `invalid limit: value provided that is over limit max of ${MAX_LIMIT}` });
  else return Number(text);
  return z.NEVER;
}

function booleanOf(text: string, context: z.RefinementCtx): boolean {
  const value = BOOLEAN_WORDS.get(text);
  if (value !== undefined) return value;
  context.addIssue({ code: 'custom', message: 'Filter should be true or false' });
  return z.NEVER;
}

/** The paging parameters every Horizon collection takes, checked as Horizon checks them (its reasons included). */
export const pagingParams = z.object({
  cursor: z.string().transform(cursorOf).optional(),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('asc'),
  limit: z.string().transform(limitOf).default(DEFAULT_LIMIT),
});

/** An account's transactions and payments also take `include_failed` (default false). */
export const historyParams = pagingParams.extend({ include_failed: z.string().transform(booleanOf).default(false) });

/** Operation lists (payments) also take `join=transactions`, which embeds each one's transaction. */
export const paymentParams = historyParams.extend({ join: z.literal('transactions', { error: 'Accepted values: transactions' }).optional() });

type Params = typeof pagingParams;

/**
 * The collection query of a request, or a 400 problem naming the parameter. As in Horizon, a blank
 * parameter counts as absent, a repeated one counts once (its first value), unknown ones are ignored,
 * and the cursor `now` stands for the end of the latest ledger.
 */
export function readPageQuery<S extends Params>(schema: S, url: string, latestLedger: number): Omit<z.output<S>, 'cursor'> & PageQuery {
  const search = new URL(url).searchParams;
  const given = Object.fromEntries(Object.keys(schema.shape).flatMap((key) => (search.get(key) ? [[key, search.get(key)]] : [])));
  const result = schema.safeParse(given);
  if (!result.success) {
    const [issue] = result.error.issues;
    throw new HorizonProblem(invalidFieldProblem(String(issue?.path[0] ?? 'query'), issue?.message ?? 'invalid value'));
  }
  const { cursor } = result.data;
  return { ...result.data, cursor: cursor === 'now' ? afterLedger(latestLedger) : (cursor ?? null) };
}

/** Horizon answers a descending page from at or before its oldest ledger with 410 (an ascending one starts at its history). */
export function refuseBeforeHistory({ order, cursor }: PageQuery, elderLedger: number): void {
  if (order === 'desc' && cursor !== null && cursor <= toid(elderLedger)) throw new HorizonProblem(beforeHistoryProblem());
}

/** The index of the first record whose token is above `token`, in records sorted by token. */
function firstAbove<T>(records: readonly T[], tokenOf: (record: T) => bigint, token: bigint): number {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const record = records[middle] as T;
    if (tokenOf(record) > token) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The page of `records` (sorted by token, ascending) past the cursor in the query's order: at most `limit` of those it keeps. */
export function selectPage<T>(records: readonly T[], tokenOf: (record: T) => bigint, { order, limit, cursor }: PageQuery, keep: (record: T) => boolean = () => true): T[] {
  const page: T[] = [];
  const step = order === 'asc' ? 1 : -1;
  let index = order === 'asc' ? (cursor === null ? 0 : firstAbove(records, tokenOf, cursor)) : (cursor === null ? records.length : firstAbove(records, tokenOf, cursor - 1n)) - 1;
  for (; index >= 0 && index < records.length && page.length < limit; index += step) {
    const record = records[index] as T;
    if (keep(record)) page.push(record);
  }
  return page;
}

/**
 * A page as Horizon answers it: the records under `_embedded`, and `self`, `next` (on from the last
 * record) and `prev` (back from the first, order inverted) links that keep the request's other
 * parameters, sorted by name as Horizon encodes them.
 */
export function collectionPage<R extends { paging_token: string }>(collectionUrl: string, requestUrl: string, { order, limit, cursor }: PageQuery, records: R[]) {
  const params = new URL(requestUrl).searchParams;
  const link = (values: { cursor: string; order: string }) => {
    params.set('cursor', values.cursor);
    params.set('order', values.order);
    params.set('limit', String(limit));
    params.sort();
    return { href: `${collectionUrl}?${params}` };
  };
  const start = cursor === null ? '' : String(cursor);
  return {
    _links: {
      self: link({ cursor: start, order }),
      next: link({ cursor: records.at(-1)?.paging_token ?? start, order }),
      prev: link({ cursor: records[0]?.paging_token ?? start, order: order === 'asc' ? 'desc' : 'asc' }),
    },
    _embedded: { records },
  };
}

import type { BenchBff } from './bench-bff.ts';
import type { BenchStore } from './bench-store.ts';

export interface QueryShape {
  name: string;
  /** The query string of `GET /api/payments`. */
  query: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DEEP_PAGES = 20;
const PAGE = 50;

/** Follows `nextCursor` through `pages` pages of a view; answers the cursor of the page after them. */
async function cursorAfter(bff: BenchBff, query: string, pages: number): Promise<string> {
  let cursor = '';
  for (let page = 0; page < pages; page++) {
    const response = await bff.app.request(`/api/payments?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { cookie: bff.cookie } });
    const body = (await response.json()) as { nextCursor: string | null };
    if (!body.nextCursor) throw new Error(`the view ${query || '(newest first)'} has fewer than ${pages + 1} pages`);
    cursor = body.nextCursor;
  }
  return cursor;
}

/** The views staff open on the Payments page, with real values taken from the filled index. */
export async function queryShapes(bench: BenchStore, bff: BenchBff, total: number): Promise<QueryShape[]> {
  // A payment from the middle of the history: its user and a piece of its id are what a ticket quotes.
  const [sample] = await bench.query<{ id: string; user_uid: string }>('SELECT id, user_uid FROM payments ORDER BY created_at, id OFFSET $1 LIMIT 1', [Math.floor(total / 3)]);
  if (!sample) throw new Error('the index is empty');
  const now = Date.now();
  const deepPages = Math.min(DEEP_PAGES, Math.floor((total - 1) / PAGE));
  const params = (values: Record<string, string>) => new URLSearchParams(values).toString();
  return [
    { name: 'newest first (no filter)', query: '' },
    { name: 'state=completed, created desc', query: params({ state: 'completed', sort: 'created', order: 'desc' }) },
    { name: 'direction=user_to_app, amount asc', query: params({ direction: 'user_to_app', sort: 'amount', order: 'asc' }) },
    { name: 'uid=<a real uid>', query: params({ uid: sample.user_uid }) },
    { name: 'q=<6 chars of an id>', query: params({ q: sample.id.slice(8, 14) }) },
    { name: 'q=<memo word> (8% of rows)', query: params({ q: 'leaderboard' }) },
    { name: 'amountMin=1&amountMax=10', query: params({ amountMin: '1', amountMax: '10' }) },
    { name: 'created in the last 30 days', query: params({ from: new Date(now - 30 * DAY_MS).toISOString(), to: new Date(now).toISOString() }) },
    { name: 'created in a 30-day window, amount desc', query: params({ from: new Date(now - 200 * DAY_MS).toISOString(), to: new Date(now - 170 * DAY_MS).toISOString(), sort: 'amount', order: 'desc' }) },
    { name: `deep page (after ${deepPages} pages)`, query: params({ cursor: await cursorAfter(bff, '', deepPages) }) },
    { name: 'state=awaiting_transaction, staleMinutes=10', query: params({ state: 'awaiting_transaction', staleMinutes: '10' }) },
    { name: 'state=cancelled_by_user, synced desc', query: params({ state: 'cancelled_by_user', sort: 'synced', order: 'desc' }) },
    // Filters the page offers that no index serves; they are slow when few rows match.
    { name: 'flags: approved, not completed/cancelled', query: params({ developer_approved: 'true', developer_completed: 'false', cancelled: 'false', user_cancelled: 'false' }) },
    { name: 'staleMinutes=525600 alone (none that old)', query: params({ staleMinutes: '525600' }) },
    { name: 'network=<a network no payment has>', query: params({ network: 'Other Net' }) },
  ];
}

import { z } from 'zod';

/** When the payment's transaction made it into the ledger, as its Horizon record says, or why that is not known. */
export type LedgerTime = { status: 'read'; at: string; ledger: number | null } | { status: 'unavailable'; reason: string } | { status: 'no_transaction' };

const LEDGER_READ_TIMEOUT_MS = 3_000;

// Horizon's transaction record; only the fields the timeline shows are read.
const horizonTransactionSchema = z.object({ created_at: z.iso.datetime({ offset: true }), ledger: z.number().int().nonnegative().optional() });

/**
 * Reads the ledger time of a transaction from the link the platform gave for it. Only http(s) links are
 * followed, without redirects and with a short time-out; any failure is an answer ("unavailable"), never an error,
 * so a slow or broken ledger never fails a page.
 */
export async function readLedgerTime(link: string | null, fetchImpl: typeof fetch = fetch): Promise<LedgerTime> {
  if (!link) return { status: 'no_transaction' };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { status: 'unavailable', reason: 'The transaction link is not a URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { status: 'unavailable', reason: 'The transaction link is not an http(s) link.' };
  try {
    const response = await fetchImpl(url, { headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(LEDGER_READ_TIMEOUT_MS) });
    if (!response.ok) return { status: 'unavailable', reason: `The ledger answered ${response.status}.` };
    const parsed = horizonTransactionSchema.safeParse(await response.json());
    if (!parsed.success) return { status: 'unavailable', reason: 'The ledger answered without a transaction time.' };
    return { status: 'read', at: new Date(parsed.data.created_at).toISOString(), ledger: parsed.data.ledger ?? null };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { status: 'unavailable', reason: timedOut ? 'The ledger did not answer in time.' : 'The ledger could not be reached.' };
  }
}

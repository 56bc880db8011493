import type { BatchResultView, BatchView } from '../../bff/src/batches/batch-view.ts';
import type { RunningEmulator } from '../../emulator/src/emulator.ts';
import { ledgerDiscrepancies, type ExpectedPayment, type LedgerSnapshot } from './ledger-audit.ts';

/** A batch CSV paying `amount` to each uid. */
export function batchCsv(uids: readonly string[], amount = '0.5', memo = 'batch'): string {
  return `uid,amount,memo\n${uids.map((uid) => `${uid},${amount},${memo}`).join('\n')}\n`;
}

export const settled = (batch: BatchView): boolean => batch.state === 'finished' && batch.progress.remaining === 0;

/** Polls the batch (through whatever client `read` uses) until `done`; a read that fails counts as not yet. */
export async function waitForBatch(read: () => Promise<BatchView>, done: (batch: BatchView) => boolean, timeoutMs: number, context: () => string | Promise<string> = () => ''): Promise<BatchView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await read().catch(() => null);
    if (batch && done(batch)) return batch;
    if (Date.now() > deadline) throw new Error(`batch not as awaited within ${timeoutMs} ms: ${JSON.stringify(batch)}\n${await context()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const rowName = (row: BatchResultView): string => `line ${row.line} (uid ${row.uid})`;

/** The rows not at `wanted` (by default completed or failed: settled), each with its state and error: what a failed wait or check shows. */
export function rowsNotIn(rows: readonly BatchResultView[], wanted: readonly string[] = ['completed', 'failed']): string[] {
  return rows.filter((row) => !wanted.includes(row.state)).map((row) => `${rowName(row)}: ${row.state}${row.error ? ` (${row.error.code}: ${row.error.message})` : ''}`);
}

/** What the ledger should show for each user of the batch: paid once by their row's transaction when it completed, else not at all. */
function expectedPayments(rows: readonly BatchResultView[], users: ReadonlyArray<{ uid: string; wallet_address: string }>): ExpectedPayment[] {
  const byUid = new Map(rows.map((row) => [row.uid, row]));
  return users.map((user) => {
    const row = byUid.get(user.uid);
    return { label: row ? rowName(row) : `uid ${user.uid} (no row)`, wallet_address: user.wallet_address, txid: row?.state === 'completed' ? row.txid : null, amount: row?.amount ?? '0' };
  });
}

/**
 * A batch's end against the emulator's ledger since `before`, in one value so that a failure shows
 * both: the rows that did not end in one of `states`, and every user paid other than exactly once by
 * their row's transaction (see ledgerDiscrepancies).
 */
export async function batchDiscrepancies(
  emulator: RunningEmulator,
  before: LedgerSnapshot,
  rows: readonly BatchResultView[],
  users: ReadonlyArray<{ uid: string; wallet_address: string }>,
  states: readonly string[] = ['completed', 'failed'],
): Promise<{ rows: string[]; ledger: string[] }> {
  return { rows: rowsNotIn(rows, states), ledger: await ledgerDiscrepancies(emulator, before, expectedPayments(rows, users)) };
}

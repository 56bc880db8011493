import type { BatchView } from '../../bff/src/rewards/batch-view.ts';

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

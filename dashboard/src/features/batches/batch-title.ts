import { amountWithCurrency } from '../../lib/format-amount.ts';
import type { Batch } from '../../display/batch/batch-types.ts';
import { batchStateWords } from '../../display/batch/batch-states.ts';

/** Where the batch stands in the words of its state, a pause for funds named as such. */
export function batchStateInWords(batch: Pick<Batch, 'state' | 'needsFunds'>): string {
  return batch.state === 'paused' && batch.needsFunds !== null ? 'Paused: needs funds' : batchStateWords[batch.state];
}

/** The page's title: which file, how many rows, how much and where it stands, e.g. "winners.csv · 7 rows · 8.75 Plat Testnet · Finished". */
export function batchTitle(batch: Pick<Batch, 'fileName' | 'rows' | 'total' | 'state' | 'needsFunds'>, network: string | null): string {
  const rows = batch.rows === 1 ? '1 row' : `${batch.rows.toLocaleString('en')} rows`;
  return [batch.fileName ?? 'Reward batch', rows, amountWithCurrency(batch.total, network), batchStateInWords(batch)].join(' · ');
}

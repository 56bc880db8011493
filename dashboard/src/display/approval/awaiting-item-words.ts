import { userLabel, userWords } from '../../components/user/user-names.ts';
import type { AwaitingItem } from './awaiting-approval.ts';

/** What was asked for, in a phrase: "the batch winners.csv (12 rows, 250.5 in all)", "60 to user Ana Pereira (<uid>)". */
export function awaitingItemWords(item: AwaitingItem): string {
  return item.kind === 'batch' ? `the batch ${item.fileName ?? 'without a file name'} (${item.rows ?? 0} rows, ${item.amount} in all)` : `${item.amount} to user ${userWords(item.uid ?? '', item.userNames)}`;
}

/** A short name for a row's link or button: "batch winners.csv", "reward to Ana Pereira" (or to the uid, shortened). */
export function awaitingItemName(item: AwaitingItem): string {
  return item.kind === 'batch' ? `batch ${item.fileName ?? item.id}` : `reward to ${userLabel(item.uid ?? '', item.userNames)}`;
}

/** Where the item is decided: its own page, with its rows, totals and warnings. */
export function awaitingItemPath(item: Pick<AwaitingItem, 'kind' | 'id'>): string {
  return item.kind === 'batch' ? `/rewards/batches/${encodeURIComponent(item.id)}` : `/rewards/${encodeURIComponent(item.id)}`;
}

/** "2 rewards and 1 batch": how many of each kind, leaving out a kind with none. */
export function awaitingCountWords(items: readonly Pick<AwaitingItem, 'kind'>[]): string {
  const rewards = items.filter((item) => item.kind === 'reward').length;
  const batches = items.length - rewards;
  const parts = [rewards > 0 ? `${rewards} ${rewards === 1 ? 'reward' : 'rewards'}` : null, batches > 0 ? `${batches} ${batches === 1 ? 'batch' : 'batches'}` : null].filter((part) => part !== null);
  return parts.length === 0 ? 'nothing' : parts.join(' and ');
}

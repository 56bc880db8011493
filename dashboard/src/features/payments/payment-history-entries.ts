import type { Payment, TimelineEntry } from './api/get-payment.ts';
import type { LedgerTime } from './api/get-ledger-time.ts';

/**
 * One entry of the merged timeline: what the platform and the blockchain say happened, and what the
 * console observed and staff did. `since` is the earlier end of a window: an observed change happened
 * between the console's previous look and the moment it saw it.
 */
export type HistoryEntry =
  | { at: string; kind: 'created' }
  | { at: string; kind: 'on_chain'; ledger: number | null }
  | (Extract<TimelineEntry, { kind: 'changed' }> & { since: string | null })
  | Exclude<TimelineEntry, { kind: 'changed' }>;

/** The platform's creation, the ledger time (when read) and the console's timeline, in one list. */
export function historyEntries(payment: Payment, timeline: readonly TimelineEntry[], ledger: LedgerTime | undefined): HistoryEntry[] {
  const observed = timeline.filter((entry) => entry.kind !== 'staff_action').sort((a, b) => a.at.localeCompare(b.at));
  const entries: HistoryEntry[] = timeline.map((entry) => {
    if (entry.kind !== 'changed') return entry;
    const previous = observed.filter((other) => other.at < entry.at).at(-1);
    return { ...entry, since: previous?.at ?? null };
  });
  entries.push({ at: payment.created_at, kind: 'created' });
  if (ledger?.status === 'read') entries.push({ at: ledger.at, kind: 'on_chain', ledger: ledger.ledger });
  return entries;
}

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

type StaffAction = Extract<TimelineEntry, { kind: 'staff_action' }>;

/** The flag a staff action sets on the platform when it goes through. */
const FLAG_SET_BY: Record<string, string> = { 'payment.cancel': 'cancelled', 'payment.complete': 'developer_completed' };
/** How soon after a staff action the console's own read of the payment shows what the action did. */
const SAME_MOVE_MS = 10_000;

const isStaffAction = (entry: TimelineEntry): entry is StaffAction => entry.kind === 'staff_action';

/**
 * One staff move is one entry: a request whose outcome is recorded folds into that outcome, and the
 * change the console saw right after an action went through is that action's doing, not news.
 */
function foldStaffMoves(timeline: readonly TimelineEntry[]): TimelineEntry[] {
  const actions = timeline.filter(isStaffAction);
  const answered = (request: StaffAction) =>
    actions.some((other) => other.action === request.action.replace(/\.requested$/, '') && other.actor === request.actor && other.at >= request.at);
  const causedByAction = (change: Extract<TimelineEntry, { kind: 'changed' }>) =>
    actions.some((action) => {
      const flag = FLAG_SET_BY[action.action];
      const after = Date.parse(change.at) - Date.parse(action.at);
      return action.outcome === 'ok' && flag !== undefined && change.changes.every((changed) => changed === flag) && after >= 0 && after <= SAME_MOVE_MS;
    });
  return timeline.filter((entry) => {
    if (isStaffAction(entry)) return !(entry.action.endsWith('.requested') && answered(entry));
    return entry.kind !== 'changed' || !causedByAction(entry);
  });
}

/** The platform's creation, the ledger time (when read) and the console's timeline, in one list. */
export function historyEntries(payment: Payment, allOfTimeline: readonly TimelineEntry[], ledger: LedgerTime | undefined): HistoryEntry[] {
  const timeline = foldStaffMoves(allOfTimeline);
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

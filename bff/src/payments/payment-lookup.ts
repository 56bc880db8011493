import type { Clock } from '../clock.ts';
import { nextTurn } from '../concurrency.ts';
import { refusal } from '../domain/refusal.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { PlatformError } from '../platform/platform-error.ts';
import type { Payment } from '../platform/schemas.ts';
import type { PaymentHistory } from './payment-history.ts';
import type { LookupWrites } from './lookup-writes.ts';
import { observedChange, type ObservedChange } from './payment-index.ts';
import { derivePaymentState } from './payment-state.ts';
import type { TimelineEntry } from './payment-timeline.ts';
import { viewOf, type PaymentView } from './payment-view.ts';

export interface LookupDeps {
  clock: Clock;
  platform: PlatformClient;
  history: PaymentHistory;
  writes: LookupWrites;
}

/** The payment as the platform has it now; refused in words when the platform knows no payment with this id. */
export async function fetchPayment(platform: PlatformClient, id: string): Promise<Payment> {
  try {
    return await platform.getPayment(id);
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) throw refusal('not_found', 'payment_not_found', 'No payment with this id on the platform.');
    throw error;
  }
}

function timelineEntryOf(change: ObservedChange, payment: Payment, at: string): TimelineEntry {
  const state = derivePaymentState(payment);
  return change.kind === 'first_seen' ? { at, kind: 'first_seen', state, source: 'lookup' } : { at, kind: 'changed', state, changes: change.changes, source: 'lookup' };
}

/**
 * A payment fresh from the platform (so it works for payments never seen before), with its timeline.
 * The console's history of it is read while the platform answers, and the index is brought up to date
 * after the answer: the timeline shows the event that write records, with the same time. (Two
 * look-ups that race may both show a change; the index records it once, under its row lock.)
 */
export async function lookUpPayment(deps: LookupDeps, id: string): Promise<{ payment: PaymentView; timeline: TimelineEntry[] }> {
  const fetched = fetchPayment(deps.platform, id);
  // The platform request leaves when this turn ends; the read waits for that, so that on PGlite
  // (which holds the thread while it reads) the two waits overlap.
  const read = nextTurn().then(() => deps.history.of(id));
  const [payment, history] = await Promise.all([fetched, read]);
  const now = deps.clock.now();
  await deps.writes.add({ payment, at: now });
  const change = observedChange(history.indexed, payment);
  const timeline = change ? [timelineEntryOf(change, payment, now.toISOString()), ...history.timeline] : history.timeline;
  return { payment: viewOf(payment), timeline };
}

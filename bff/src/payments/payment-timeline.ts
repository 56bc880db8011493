import type { PaymentState } from '../../../common/payment-states.ts';

export type TimelineEntry =
  | { at: string; kind: 'first_seen'; state: PaymentState; source: string }
  | { at: string; kind: 'changed'; state: PaymentState; changes: string[]; source: string }
  | { at: string; kind: 'staff_action'; action: string; outcome: string; actor: string | null; upstreamCode: string | null; details: Record<string, unknown> };

/** A timeline shows at most this many entries, newest first. */
export const TIMELINE_LIMIT = 200;

/** The audit log's target for actions on a payment, which the timeline reads back. */
export function paymentTarget(paymentId: string): string {
  return `payment:${paymentId}`;
}

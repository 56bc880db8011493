import type { EXCEPTION_KINDS } from '../store/schema.ts';

export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** An exception as a run finds it, before the store keeps it (once per kind and subject). */
export interface FoundException {
  kind: ExceptionKind;
  /** The chain operation's paging token, or the payment id for the kinds about a payment. */
  subject: string;
  txHash: string | null;
  amountStroops: bigint | null;
  counterparty: string | null;
  paymentId: string | null;
  rewardId: string | null;
  /** Plain words for staff. */
  detail: string;
}

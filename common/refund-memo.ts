/** A refund's memo when its request names none: the payment it refunds, by the start of its id. */
export function defaultRefundMemo(paymentId: string): string {
  return `Refund of payment ${paymentId.slice(0, 8)}`;
}

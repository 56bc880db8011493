/** A payment's detail page. */
export function paymentPath(id: string): string {
  return `/payments/${encodeURIComponent(id)}`;
}

/** Payment identifiers are 28 alphanumeric characters (they double as the transaction memo). */
const PAYMENT_ID = /^[A-Za-z0-9]{28}$/;

/** Whether `text` has the shape of a payment id, e.g. a transaction's memo that names its payment. */
export function looksLikePaymentId(text: string): boolean {
  return PAYMENT_ID.test(text);
}

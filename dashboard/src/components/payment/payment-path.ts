/** A payment's detail page. */
export function paymentPath(id: string): string {
  return `/payments/${encodeURIComponent(id)}`;
}

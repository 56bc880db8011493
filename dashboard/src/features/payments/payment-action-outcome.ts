/** What came of a cancel or complete: done, or the server's refusal to show on the page. */
export type PaymentActionOutcome = { kind: 'done'; message: string } | { kind: 'refused'; error: Error };

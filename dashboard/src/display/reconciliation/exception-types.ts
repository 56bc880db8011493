import type { InferResponseType } from 'hono/client';
import type { api } from '../../lib/api-client.ts';

export type ExceptionPage = InferResponseType<typeof api.reconciliation.exceptions.$get>;

/** Something in the wallet's history that does not tie to a payment. */
export type ReconciliationException = ExceptionPage['exceptions'][number];
export type ExceptionKind = ReconciliationException['kind'];
export type ExceptionState = ReconciliationException['state'];

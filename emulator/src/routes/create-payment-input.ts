import { checkAmount } from '../amount.ts';
import { badRequest } from '../errors.ts';
import type { Metadata } from '../state/payment-record.ts';

export interface CreatePaymentInput {
  uid: string;
  amount: number;
  memo: string;
  metadata: Metadata;
}

const REQUIRED = ['amount', 'memo', 'metadata', 'uid'] as const;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ payment: { amount, memo, metadata, uid } }`, checked with the platform's error codes. */
export function parseCreatePayment(body: unknown): CreatePaymentInput {
  const payment = isPlainObject(body) ? body.payment : undefined;
  if (!isPlainObject(payment)) throw badRequest('invalid_arguments', 'body must be { payment: { amount, memo, metadata, uid } }');
  const missing = REQUIRED.filter((field) => payment[field] === undefined || payment[field] === null);
  if (missing.length > 0) throw badRequest('invalid_arguments', `missing payment fields: ${missing.join(', ')}`);
  const { uid, memo, metadata, amount } = payment;
  if (typeof uid !== 'string' || uid === '') throw badRequest('invalid_arguments', 'uid must be a non-empty string');
  if (typeof memo !== 'string') throw badRequest('invalid_arguments', 'memo must be a string');
  if (!isPlainObject(metadata)) throw badRequest('invalid_metadata', 'metadata must be a JSON object');
  return { uid, memo, metadata, amount: checkAmount(amount) };
}

import type { User } from './users.ts';

export type Direction = 'user_to_app' | 'app_to_user';
export type Metadata = Readonly<Record<string, unknown>>;

/** One payment, kept flat (no nested objects) so a million of them stay compact. */
export interface PaymentRecord {
  readonly identifier: string;
  readonly user: User;
  readonly amount: number;
  readonly memo: string;
  readonly metadata: Metadata;
  readonly direction: Direction;
  readonly createdAt: number;
  approved: boolean;
  completed: boolean;
  cancelled: boolean;
  userCancelled: boolean;
  txid: string | null;
  txVerified: boolean;
  /** Why the platform did not verify the transaction, when it checked one and it did not match. */
  txVerificationError: string | null;
  txAt: number;
}

export interface PaymentFields {
  identifier: string;
  user: User;
  amount: number;
  memo: string;
  metadata: Metadata;
  direction: Direction;
  createdAt: number;
}

export interface PaymentState {
  approved?: boolean;
  completed?: boolean;
  cancelled?: boolean;
  userCancelled?: boolean;
  transaction?: { txid: string; verified: boolean; at: number; verificationError?: string };
}

export function paymentRecord(fields: PaymentFields, state: PaymentState = {}): PaymentRecord {
  // Every record gets the same property order, so V8 gives them all one hidden class.
  return {
    identifier: fields.identifier,
    user: fields.user,
    amount: fields.amount,
    memo: fields.memo,
    metadata: fields.metadata,
    direction: fields.direction,
    createdAt: fields.createdAt,
    approved: state.approved ?? false,
    completed: state.completed ?? false,
    cancelled: state.cancelled ?? false,
    userCancelled: state.userCancelled ?? false,
    txid: state.transaction?.txid ?? null,
    txVerified: state.transaction?.verified ?? false,
    txVerificationError: state.transaction?.verificationError ?? null,
    txAt: state.transaction?.at ?? 0,
  };
}

/** Completed or cancelled by anyone: no operation moves it any more. */
export const isSettled = (p: PaymentRecord): boolean => p.completed || p.cancelled || p.userCancelled;

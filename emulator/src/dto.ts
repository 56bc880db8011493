import type { Ad, AdAckStatus } from './state/ads.ts';
import type { Direction, Metadata, PaymentRecord } from './state/payment-record.ts';
import { hasScope } from './state/users.ts';
import type { Scope, User } from './state/users.ts';

/** What every PaymentDTO needs besides the record itself. */
export interface PaymentView {
  appWalletAddress: string;
  network: string;
  horizonUrl: string;
}

export interface PaymentDTO {
  identifier: string;
  user_uid: string;
  amount: number;
  memo: string;
  metadata: Metadata;
  from_address: string;
  to_address: string;
  direction: Direction;
  created_at: string;
  network: string;
  status: {
    developer_approved: boolean;
    transaction_verified: boolean;
    developer_completed: boolean;
    cancelled: boolean;
    user_cancelled: boolean;
  };
  transaction: null | { txid: string; verified: boolean; _link: string };
}

export interface UserDTO {
  uid: string;
  credentials: { scopes: Scope[]; valid_until: { timestamp: number; iso8601: string } };
  username?: string;
}

export interface RewardedAdStatusDTO {
  identifier: string;
  mediator_ack_status: AdAckStatus | null;
  mediator_granted_at: string | null;
  mediator_revoked_at: string | null;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** `showTransaction: false` renders the payment as the platform's stale incomplete list does: no transaction yet. */
export function paymentDTO(p: PaymentRecord, view: PaymentView, showTransaction = true): PaymentDTO {
  const a2u = p.direction === 'app_to_user';
  const transaction = showTransaction && p.txid !== null ? { txid: p.txid, verified: p.txVerified } : null;
  return {
    identifier: p.identifier,
    user_uid: p.user.uid,
    amount: p.amount,
    memo: p.memo,
    metadata: p.metadata,
    from_address: a2u ? view.appWalletAddress : p.user.walletAddress,
    to_address: a2u ? p.user.walletAddress : view.appWalletAddress,
    direction: p.direction,
    created_at: iso(p.createdAt),
    network: view.network,
    status: {
      developer_approved: p.approved,
      transaction_verified: transaction?.verified ?? false,
      developer_completed: p.completed,
      cancelled: p.cancelled,
      user_cancelled: p.userCancelled,
    },
    transaction: transaction && { ...transaction, _link: `${view.horizonUrl}/transactions/${transaction.txid}` },
  };
}

export function userDTO(user: User): UserDTO {
  const dto: UserDTO = {
    uid: user.uid,
    credentials: {
      scopes: [...user.scopes],
      valid_until: { timestamp: Math.floor(user.tokenValidUntil / 1000), iso8601: iso(user.tokenValidUntil) },
    },
  };
  if (hasScope(user, 'username')) dto.username = user.username;
  return dto;
}

export function adDTO(ad: Ad): RewardedAdStatusDTO {
  return {
    identifier: ad.identifier,
    mediator_ack_status: ad.status,
    mediator_granted_at: ad.grantedAt === null ? null : iso(ad.grantedAt),
    mediator_revoked_at: ad.revokedAt === null ? null : iso(ad.revokedAt),
  };
}

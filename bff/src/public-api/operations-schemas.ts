import { z } from 'zod';
import type { PublicChainBreak } from '../audit/audit-verify.ts';
import type { PublicApiKey } from '../auth/expiring-api-keys.ts';
import type { PublicReconciliationException } from '../reconciliation/public-exception.ts';
import { EXCEPTION_KINDS, EXCEPTION_STATES } from '../store/schema.ts';
import type { PublicWallet } from '../wallet/public-wallet.ts';

/** What the operators' events carry: the wallet, a reconciliation exception, a broken audit chain, an API key. */

export const publicWalletSchema = z
  .object({
    address: z.string(),
    balance: z.string(),
    minimumBalance: z.string().meta({ description: 'What the network makes the account keep.' }),
    reserved: z.object({ amount: z.string(), rewards: z.number().int() }).meta({ description: 'Rewards accepted and not yet on the ledger: their amounts plus one base fee each.' }),
    available: z.string().meta({ description: 'balance − minimum − reserved.' }),
    lowBalanceThreshold: z.string(),
  })
  .meta({ id: 'Wallet', description: 'The app wallet; every amount a decimal string with all 7 places.' }) satisfies z.ZodType<PublicWallet>;

export const publicReconciliationExceptionSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(EXCEPTION_KINDS),
    state: z.enum(EXCEPTION_STATES),
    txHash: z.string().nullable(),
    amount: z.string().nullable(),
    counterparty: z.string().nullable(),
    paymentId: z.string().nullable(),
    rewardId: z.uuid().nullable(),
    detail: z.string().meta({ description: 'What reconciliation found, in words.' }),
    firstSeenAt: z.iso.datetime(),
  })
  .meta({ id: 'ReconciliationException' }) satisfies z.ZodType<PublicReconciliationException>;

export const publicChainBreakSchema = z
  .object({
    firstBad: z.object({ id: z.number().int(), problem: z.enum(['changed', 'removed', 'inserted']) }).meta({ description: 'The first audit row that is not as written, and how.' }),
    message: z.string(),
    rows: z.number().int(),
    checkedAt: z.iso.datetime(),
  })
  .meta({ id: 'AuditChainBreak' }) satisfies z.ZodType<PublicChainBreak>;

export const publicApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    hint: z.string().meta({ description: "The secret's prefix and last characters; never the secret." }),
    scopes: z.array(z.string()),
    expiresAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' }) satisfies z.ZodType<PublicApiKey>;

/** A webhook endpoint the console switched off by itself (webhooks/endpoint-switch.ts builds it). */
export const publicDisabledEndpointSchema = z
  .object({
    id: z.string(),
    format: z.string().meta({ description: '`standard-webhooks`, or `slack` for a staff member’s Slack target.' }),
    url: z.string().nullable().meta({ description: 'Null for a Slack target, whose URL is its secret.' }),
    description: z.string().nullable(),
    ownerStaffId: z.string().nullable(),
    disabledReason: z.enum(['gone', 'failing']),
    failingSince: z.iso.datetime().nullable(),
    disabledAt: z.iso.datetime(),
  })
  .meta({ id: 'DisabledWebhookEndpoint' });

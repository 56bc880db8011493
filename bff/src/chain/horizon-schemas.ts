import { z } from 'zod';

/** Wire shapes of the Horizon answers the console reads. Unknown extra fields are dropped. */

const hash = z.string().regex(/^[0-9a-f]{64}$/, 'not a transaction hash');
const ledger = z.number().int().positive();
const integerText = z.string().regex(/^\d+$/, 'not an integer');
const isoDate = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not an ISO 8601 date');

/** An amount as Horizon writes it: 7 decimal places, as stroops. */
const stroops = z
  .string()
  .regex(/^\d+\.\d{7}$/, 'not an amount with 7 decimal places')
  .transform((value) => BigInt(value.replace('.', '')));

export const accountSchema = z.object({
  account_id: z.string().min(1),
  sequence: integerText.transform(BigInt),
  subentry_count: z.number().int().min(0),
  balances: z.array(z.object({ asset_type: z.string(), balance: stroops })),
});

/**
 * A page of `GET /accounts/{id}/payments?join=transactions`: the account's payment operations (its
 * funding `create_account` included), each with the transaction that carried it.
 */
export const accountPaymentPageSchema = z.object({
  _embedded: z.object({
    records: z.array(
      z.object({
        paging_token: z.string().min(1),
        type: z.string(),
        transaction_hash: hash,
        transaction_successful: z.boolean(),
        created_at: isoDate,
        asset_type: z.string().optional(),
        from: z.string().optional(),
        to: z.string().optional(),
        amount: stroops.optional(),
        funder: z.string().optional(),
        account: z.string().optional(),
        starting_balance: stroops.optional(),
        transaction: z.object({
          ledger,
          fee_charged: integerText.transform(BigInt),
          memo_type: z.string(),
          memo: z.string().optional(),
          source_account: z.string().min(1),
        }),
      }),
    ),
  }),
});

/** Horizon's root: which network it serves. */
export const rootSchema = z.object({ network_passphrase: z.string().min(1) });

export const feeStatsSchema = z.object({
  last_ledger_base_fee: integerText.transform(Number),
});

/** Horizon's answer to a transaction it applied successfully. */
export const submittedSchema = z.object({
  hash,
  ledger,
  successful: z.literal(true).optional(),
});

export const transactionSchema = z.object({
  hash,
  ledger,
  successful: z.boolean(),
  created_at: isoDate,
});

/** A page of `GET /ledgers?order=desc`: the latest closed ledgers, newest first. */
export const ledgerPageSchema = z.object({
  _embedded: z.object({
    records: z
      .array(z.object({ sequence: ledger, closed_at: isoDate, base_fee_in_stroops: z.number().int().min(0), base_reserve_in_stroops: z.number().int().min(0) })),
  }),
});

/** Horizon's error document (RFC 7807); `type` ends with the problem's name. */
export const problemSchema = z.object({
  type: z.string().min(1),
  title: z.string().optional(),
  detail: z.string().optional(),
  extras: z
    .object({
      hash: hash.optional(),
      result_codes: z.object({ transaction: z.string().min(1), operations: z.array(z.string()).optional() }).optional(),
    })
    .optional(),
});

export type Problem = z.output<typeof problemSchema>;

export const problemName = (problem: Problem): string => problem.type.split('/').at(-1) ?? problem.type;

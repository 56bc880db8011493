/**
 * Refusals that asking again cannot mend, for a reward or a batch's row: the uid names nobody; the user
 * has not shared a wallet with the app (only they can, and then a new reward pays them); the amount or
 * metadata was refused, and a retry sends them unchanged.
 */
export const REFUSALS_NO_RETRY_MENDS = ['user_not_found', 'missing_scope', 'missing_wallet', 'invalid_amount', 'invalid_metadata', 'unpayable_amount'] as const;

/** Whether asking again can pay what ended with `code` (null: it ended with no code). */
export function retryCanSucceed(code: string | null): boolean {
  return code === null || !(REFUSALS_NO_RETRY_MENDS as readonly string[]).includes(code);
}

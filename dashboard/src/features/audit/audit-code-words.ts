import { resultCodeExplanation } from '../../components/payment/platform-refusals.ts';

/** The console's own reasons an audited action did not go through, as its audit rows record them. */
const consoleReasons: Record<string, string> = {
  wrong_credentials: 'Wrong email or password.',
  throttled: 'Too many attempts: sign-in was slowed down.',
  wrong_password: 'The current password was wrong.',
  link_expired_or_used: 'The setup link had expired or was used already.',
  email_taken: 'A staff member with this email exists already.',
  last_admin: 'An admin cannot disable or demote the last admin.',
  staff_not_found: 'No such staff member.',
  own_access: 'Nobody resets their own access.',
  staff_disabled: 'The staff member is disabled: enable them again first.',
  exception_not_open: 'The exception was no longer open.',
  not_your_request: 'Only the staff member who asked for the reward may withdraw it.',
  own_request: 'Nobody approves or rejects their own request.',
  over_per_reward_cap: 'Above the cap per reward.',
  over_daily_total: 'Above the daily total per staff member.',
  needs_approval: 'Above the approval threshold: another manager or admin approves it.',
  over_refundable: 'More than was left of the payment to refund.',
  confirmed_by_reread: 'The answer was lost; reading the payment again showed it done.',
  malformed: 'The passkey’s answer could not be read.',
  challenge: 'The passkey answered a request that had expired, was used already, or was not this session’s.',
  wrong_origin: 'The passkey’s answer was made for another site.',
  unknown_passkey: 'The passkey is not registered for this account.',
  not_passwordless: 'The passkey is not set up to sign in without a password.',
  replayed: 'The passkey’s use counter did not move forward (a copied passkey or a replayed answer).',
  not_verified: 'The passkey’s signature did not verify.',
  ok: 'Accepted.',
};

/** "wrong_credentials" → "Wrong email or password."; a code nobody worded yet reads as words ("awaiting ledger"). */
export function auditCodeWords(code: string): string {
  return consoleReasons[code] ?? resultCodeExplanation(code) ?? code.replace(/_+/g, ' ');
}

import { DateTime } from '../../../components/date-time.tsx';
import type { BatchCheckResult } from '../ad-batch.ts';
import { adCheckInWords, type AdCheckView } from '../ad-check-words.ts';
import { RewardVerdict } from './reward-verdict.tsx';

const muted = 'text-zinc-500 dark:text-zinc-400';

/** A granted or revoked time, or that there is none. */
export function AdTime({ iso }: { iso: string | null }) {
  return iso ? <DateTime iso={iso} /> : <span className={muted}>none</span>;
}

/** What the check found, in words; for an id refused before any check, why. */
export function AdCheckStatus({ check }: { check: BatchCheckResult }) {
  return <span>{check.result === 'invalid' ? check.message : adCheckInWords(check)}</span>;
}

/** "Reward: yes" or "Reward: no" when the platform could say; nothing when it could not be asked. */
export function AdCheckVerdict({ check }: { check: BatchCheckResult | AdCheckView }) {
  if (check.result === 'invalid' || check.result === 'error') return <span className={muted}>unknown</span>;
  return <RewardVerdict reward={check.reward} />;
}

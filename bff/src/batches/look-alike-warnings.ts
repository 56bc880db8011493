import type { CheckedRow } from './batch-row-check.ts';
import type { LookAlikes } from '../rewards/look-alikes.ts';

/** Flags each valid row of an upload that an earlier reward of the last day looks like (same user, amount and memo). */
export async function lookAlikeWarnings(lookAlikes: LookAlikes, rows: CheckedRow[]): Promise<void> {
  const valid = rows.filter((row) => row.problems.length === 0);
  const found = await lookAlikes.find(valid.map((row) => ({ key: row.line, uid: row.uid, amount: row.amount, memo: row.memo })));
  for (const row of valid) {
    const earlier = found.get(row.line);
    if (!earlier) continue;
    const by = earlier.requestedBy.email ?? 'a staff member';
    const at = `${earlier.requestedAt.slice(0, 10)} ${earlier.requestedAt.slice(11, 16)} UTC`;
    row.warnings.push({ column: 'uid', message: `the same amount with the same memo was asked for this user by ${by} on ${at} (reward ${earlier.id})`, rewardId: earlier.id });
  }
}

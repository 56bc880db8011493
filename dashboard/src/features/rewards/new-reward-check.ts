import { MAX_MEMO_LENGTH, MAX_METADATA_BYTES, MAX_UID_LENGTH, REFUND_OF_METADATA_KEY, REWARD_ID_METADATA_KEY } from '../../../../common/limits.ts';
import { amountFieldProblem } from '../../lib/amount-field-problem.ts';
import { requiredTextProblem } from '../../lib/required-text.ts';
import type { NewReward } from './api/pay-reward.ts';

export type NewRewardProblems = Partial<Record<keyof NewReward, string>>;

type MetadataCheck = { metadata: Record<string, unknown> } | { problem: string };

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkMetadata(text: string): MetadataCheck {
  if (!text) return { metadata: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'This is not valid JSON. Write an object such as {"campaign": "spring"}, or leave it empty.' };
  }
  if (!isJsonObject(value)) return { problem: 'Metadata must be a JSON object in braces, such as {"campaign": "spring"}, not a list or a single value.' };
  const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
  if (bytes > MAX_METADATA_BYTES) return { problem: `Metadata is ${bytes} bytes as JSON; at most ${MAX_METADATA_BYTES} are allowed.` };
  for (const key of [REWARD_ID_METADATA_KEY, REFUND_OF_METADATA_KEY]) if (Object.hasOwn(value, key)) return { problem: `Leave out ${key}: the console sets it.` };
  return { metadata: value };
}

/** Reads the reward form with the server's rules; the reward when every field will do, otherwise what is wrong with each. */
export function checkNewReward(form: FormData): { reward: NewReward } | { problems: NewRewardProblems } {
  const text = (name: keyof NewReward) => String(form.get(name) ?? '').trim();
  const uid = text('uid');
  const amount = text('amount');
  const memo = text('memo');
  const metadata = checkMetadata(text('metadata'));

  const problems: NewRewardProblems = {};
  if (!uid) problems.uid = 'Enter the uid of the user to pay.';
  else if (uid.length > MAX_UID_LENGTH) problems.uid = `A uid has at most ${MAX_UID_LENGTH} characters.`;
  const badAmount = amountFieldProblem(amount);
  if (badAmount) problems.amount = badAmount;
  const badMemo = requiredTextProblem(memo, { name: 'memo', maxLength: MAX_MEMO_LENGTH, whenEmpty: 'Enter a memo: the user sees it with the payment.' });
  if (badMemo) problems.memo = badMemo;
  if ('problem' in metadata) problems.metadata = metadata.problem;
  if ('problem' in metadata || Object.keys(problems).length > 0) return { problems };
  return { reward: { uid, amount, memo, metadata: metadata.metadata } };
}

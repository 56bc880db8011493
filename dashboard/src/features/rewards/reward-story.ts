import { amountWithCurrency } from '../../lib/format-amount.ts';
import { shortenMiddle } from '../../lib/shorten-middle.ts';
import type { StoryPart } from '../../display/story/story-parts.ts';
import type { Reward, RewardEvent } from '../../display/reward/reward-types.ts';
import { rewardStateWords } from '../../display/reward/reward-states.ts';
import { requesterName } from '../../display/reward/requester-name.ts';

/** The page's title: how much, to whom and where it stands, e.g. "1.25 Plat Testnet · Reward to 6f1c2b9e…5a6b7c · Completed". */
export function rewardTitle(reward: Pick<Reward, 'amount' | 'uid' | 'state'>, network: string | null): string {
  return [amountWithCurrency(reward.amount, network), `Reward to ${shortenMiddle(reward.uid)}`, rewardStateWords[reward.state]].join(' · ');
}

/** When the reward reached the state it is in: its latest step in that state, else its last change. */
function reachedAt(reward: Reward, events: readonly RewardEvent[]): { time: string } {
  const last = events.filter((event) => event.state === reward.state).sort((a, b) => a.at.localeCompare(b.at)).at(-1);
  return { time: last?.at ?? reward.updatedAt };
}

/**
 * What happened to the reward, in one sentence, from the reward and its recovery points: paid to whom
 * and when, or how far the console got and what it waits for (the reason itself is shown below it).
 */
export function rewardStory(reward: Reward, events: readonly RewardEvent[]): StoryPart[] {
  const user = { user: reward.uid };
  const asker = requesterName(reward.requestedBy) ?? 'a staff member no longer on staff';
  const asked = [`Asked for by ${asker} on `, { time: reward.createdAt }] as const;
  // An unfinished reward that has a reason to wait says so; the reason is on the page, under the header.
  const goingOn = (what: string) => (reward.error ? '; it waits, and why is below.' : `; ${what}.`);
  const at = reachedAt(reward, events);
  switch (reward.state) {
    case 'awaiting_approval':
      return [...asked, `; nothing is paid until another manager or admin approves ${reward.batchId ? 'its batch' : 'it'}.`];
    case 'requested':
      return [...asked, goingOn('the console is creating its payment on the platform')];
    case 'created':
      return ['Its payment to ', user, ' is created on the platform', goingOn('the console is sending its transaction')];
    case 'signed':
      return ['Its transaction to ', user, ' is sent', goingOn('waiting for the ledger to take it')];
    case 'submitted':
      return ['Its transaction to ', user, ' is on the ledger', goingOn('the console is completing the payment')];
    case 'completed':
      return ['Paid to ', user, ' on ', at, `, as asked by ${asker}.`];
    case 'failed':
      return ['Not paid to ', user, ': it stopped on ', at, '. Why, and what to do, is below.'];
    case 'cancelled':
      return ['Cancelled on ', at, ' before anything was paid to ', user, '.'];
    case 'needs_attention':
      return ['Stopped on ', at, ' without a clear end: ', user, ' may or may not have been paid, so a person must look. Why is below.'];
    case 'rejected':
      return [`Rejected by ${reward.rejection?.by.email ?? 'an approver'} on `, reward.rejection ? { time: reward.rejection.at } : at, '; nothing was paid to ', user, '.'];
  }
}

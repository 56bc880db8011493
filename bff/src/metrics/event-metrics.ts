import { Counter, Histogram, type Registry } from 'prom-client';
import { REWARD_CODE_WORDS } from '../../../common/reward-code-words.ts';
import type { SignInObserver } from '../auth/sign-in-throttle.ts';
import type { RewardObserver } from '../rewards/reward-observer.ts';
import type { UpstreamObserver } from '../upstream/upstream-observer.ts';

/** What the console's parts report as it happens, each through the interface its own folder declares. */
export interface EventObservers {
  upstream: UpstreamObserver;
  rewards: RewardObserver;
  signIns: SignInObserver;
}

// A code the console keeps words for is a fixed set; anything else an upstream said is `other`.
const NAMED_CODES = new Set([...Object.keys(REWARD_CODE_WORDS), 'payment_mismatch']);

/** An end reason as a label: the reward's code when the console names it, `none` without one, else `other`. */
export function reasonLabel(code: string | null): string {
  if (code === null) return 'none';
  return NAMED_CODES.has(code) ? code : 'other';
}

/** The counters and histograms, registered on `registry`, and the observers that move them. */
export function eventMetrics(registry: Registry): EventObservers {
  const registers = [registry];
  const upstreamCalls = new Counter({ name: 'plat_upstream_calls_total', help: 'Calls to the platform and Horizon by target, operation and outcome (retries included in one call).', labelNames: ['target', 'operation', 'outcome'], registers });
  const upstreamSeconds = new Histogram({
    name: 'plat_upstream_call_duration_seconds',
    help: 'Time of a call to an upstream, its retries and back-off included.',
    labelNames: ['target', 'operation'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 65],
    registers,
  });
  const busy = new Counter({ name: 'plat_upstream_busy_answers_total', help: 'Answers saying an upstream is busy: 429 Too Many Requests, 504 Gateway Timeout (Horizon gave up waiting for a ledger).', labelNames: ['target', 'status'], registers });
  const ended = new Counter({ name: 'plat_rewards_ended_total', help: 'Rewards that reached a state they stay in unless a person acts, by state and end reason.', labelNames: ['state', 'reason'], registers });
  const completion = new Histogram({
    name: 'plat_reward_completion_seconds',
    help: 'Time from a reward request to its completion.',
    buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600, 21600, 86400],
    registers,
  });
  const ledgers = new Histogram({ name: 'plat_reward_ledgers_waited', help: 'Ledgers a sent reward transaction waited before the ledger showed it applied (1: the first to close).', buckets: [1, 2, 3, 5, 8, 13, 21], registers });
  const signInsFailed = new Counter({ name: 'plat_sign_ins_failed_total', help: 'Failed staff sign-ins, as the sign-in throttle counts them.', registers });
  return {
    upstream: {
      called: ({ target, operation, outcome, seconds }) => {
        upstreamCalls.inc({ target, operation, outcome });
        upstreamSeconds.observe({ target, operation }, seconds);
      },
      busy: ({ target, status }) => busy.inc({ target, status: String(status) }),
    },
    rewards: {
      ended: (state, code, count) => ended.inc({ state, reason: reasonLabel(code) }, count),
      completedAfter: (seconds) => completion.observe(Math.max(0, seconds)),
      ledgersWaited: (count) => ledgers.observe(count),
    },
    signIns: { failed: () => signInsFailed.inc() },
  };
}

// A signed-in manager's reward calls to the console over HTTP, as the Rewards page makes them: a batch
// (the CSV uploaded, started, and `GET /api/rewards/batches/{id}` polled until every row is settled)
// and single rewards (`POST /api/rewards`, one Idempotency-Key each, then `GET /api/rewards/{id}` until
// the reward settles: a request answers within 3 s with where its reward stands). Shared by the reward
// benchmarks.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { mapConcurrent } from '../../bff/src/concurrency.ts';
import type { BatchView, LedgerPaceEstimate } from '../../bff/src/batches/batch-view.ts';
import { UNFINISHED_STATES } from '../../bff/src/rewards/reward-row.ts';
import type { RewardView } from '../../bff/src/rewards/reward-view.ts';
import type { Run } from './stats.ts';

const POLL_MS = 250;
const REWARD_REQUEST_TIMEOUT_MS = 30_000;
const MEMO = 'bench';

export interface PaidBatch {
  /** Upload and preview, timed apart from the paying. */
  uploadSeconds: number;
  /** From the start to every row settled; `completed` counts the rows paid. */
  run: Run;
  /** The batch as it ended. */
  batch: BatchView;
  /** What the console said as the batch started: all its rows at one payment per ledger. */
  atLedgerPace: LedgerPaceEstimate | null;
}

export interface PaidRewards {
  /** From the first request to the last reward settled; `completed` counts the rewards paid. */
  run: Run;
  /** How many requests got each answer: `<status> <the state it showed>`. */
  answers: Map<string, number>;
}

export type ConsoleClient = ReturnType<typeof consoleClient>;

/** A batch's CSV: one row of `amount` to each uid. */
export const csvOf = (uids: readonly string[], amount: string): string => `uid,amount,memo\n${uids.map((uid) => `${uid},${amount},${MEMO}`).join('\n')}\n`;

const isUnfinished = (reward: RewardView): boolean => (UNFINISHED_STATES as readonly string[]).includes(reward.state);

/** Where single rewards are asked for: the staff's routes with the session, or the public API with the app backend's key. */
export type RewardDoor = 'staff' | 'api';

/**
 * The console at `origin`, as the staff member whose session `cookie` holds (and, through the public
 * API, as the app's backend with `apiKey`); up to `connections` requests at once.
 */
export function consoleClient(session: { origin: string; cookie: string; apiKey: string }, connections: number) {
  const pool = new Pool(session.origin, { connections });
  const credentials = (path: string): Record<string, string> =>
    path.startsWith('/v1/') ? { authorization: `Bearer ${session.apiKey}` } : { cookie: session.cookie, 'x-plat-console': '1', 'sec-fetch-site': 'same-origin' };
  const request = async (method: 'GET' | 'POST', path: string, send: { body?: string; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<{ status: number; text: string }> => {
    const answer = await pool.request({
      method,
      path,
      body: send.body,
      headers: { ...credentials(path), ...send.headers },
      signal: send.timeoutMs === undefined ? undefined : AbortSignal.timeout(send.timeoutMs),
    });
    return { status: answer.statusCode, text: await answer.body.text() };
  };
  const json = async <T>(method: 'GET' | 'POST', path: string, send?: { body: string; headers: Record<string, string> }): Promise<T> => {
    const { status, text } = await request(method, path, send);
    if (status >= 300) throw new Error(`${method} ${path} → ${status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };
  const batchCall = async (method: 'GET' | 'POST', path: string, csv?: string): Promise<BatchView> =>
    (await json<{ batch: BatchView }>(method, path, csv === undefined ? undefined : { body: csv, headers: { 'content-type': 'text/csv' } })).batch;

  /** Pays one reward and follows it until it settles; answers the request's answer and whether the reward was paid. */
  const payReward = async (uid: string, amount: string, door: RewardDoor): Promise<{ answer: string; paid: boolean }> => {
    const rewardsPath = door === 'api' ? '/v1/rewards' : '/api/rewards';
    const { status, text } = await request('POST', rewardsPath, {
      body: JSON.stringify({ uid, amount, memo: MEMO, metadata: {} }),
      headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
      timeoutMs: REWARD_REQUEST_TIMEOUT_MS,
    });
    let reward = (JSON.parse(text) as { reward?: RewardView }).reward;
    const answer = `${status} ${reward?.state ?? 'refused'}`;
    if (status !== 201 || reward === undefined) return { answer, paid: false };
    while (isUnfinished(reward)) {
      await sleep(POLL_MS);
      reward = (await json<{ reward: RewardView }>('GET', `${rewardsPath}/${reward.id}`)).reward;
    }
    return { answer, paid: reward.state === 'completed' };
  };

  return {
    /** Uploads a batch's CSV: the preview. */
    upload: (csv: string) => batchCall('POST', '/api/rewards/batches', csv),

    /** Uploads, starts and polls one batch of `amount` to each uid until every row is settled. */
    async payBatch(uids: readonly string[], amount: string): Promise<PaidBatch> {
      const uploadStarted = performance.now();
      const { id } = await batchCall('POST', '/api/rewards/batches', csvOf(uids, amount));
      const uploadSeconds = (performance.now() - uploadStarted) / 1000;
      const started = performance.now();
      let batch = await batchCall('POST', `/api/rewards/batches/${id}/start`);
      const { atLedgerPace } = batch;
      while (batch.state !== 'finished' || batch.progress.remaining > 0) {
        await sleep(POLL_MS);
        batch = await batchCall('GET', `/api/rewards/batches/${id}`);
      }
      return { uploadSeconds, run: { completed: batch.progress.done, seconds: (performance.now() - started) / 1000 }, batch, atLedgerPace };
    },

    /** One reward of `amount` to each uid, `concurrency` at a time, each followed until it settles; through the staff's door unless said. */
    async payRewards(uids: readonly string[], amount: string, concurrency: number, door: RewardDoor = 'staff'): Promise<PaidRewards> {
      const answers = new Map<string, number>();
      let completed = 0;
      const started = performance.now();
      for await (const { answer, paid } of mapConcurrent(uids, concurrency, (uid) => payReward(uid, amount, door))) {
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
        if (paid) completed++;
      }
      return { run: { completed, seconds: (performance.now() - started) / 1000 }, answers };
    },

    close: () => pool.close(),
  };
}

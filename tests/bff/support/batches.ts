import { afterAll, beforeAll } from 'vitest';
import type { BatchResultView, BatchView } from '../../../bff/src/batches/batch-view.ts';
import type { StoreKind } from '../../support/test-store.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export const NO_LIMITS = { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: null };

export interface BatchCalls {
  /** Uploads the CSV and answers the new batch's id. */
  upload(csv: string): Promise<string>;
  start(id: string): Promise<BatchView>;
  get(id: string): Promise<BatchView>;
  rows(id: string): Promise<BatchResultView[]>;
  /** A reward's timeline, oldest first. */
  events(rewardId: string): Promise<RewardEvent[]>;
}

export interface RewardEvent {
  step: string;
  detail: Record<string, unknown>;
}

/** A staff member's batch calls to an in-process console. */
export function batchCalls(t: TestApp, cookie: string): BatchCalls {
  const json = async <T>(response: Response, what: string): Promise<T> => {
    if (!response.ok) throw new Error(`${what} → ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const batch = (method: string, path: string) => t.request(method, path, { cookie }).then((response) => json<{ batch: BatchView }>(response, `${method} ${path}`)).then((answer) => answer.batch);
  return {
    upload: async (csv) => {
      const response = await t.app.request('/api/rewards/batches', { method: 'POST', headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie, 'content-type': 'text/csv' }, body: csv });
      return (await json<{ batch: BatchView }>(response, 'upload')).batch.id;
    },
    start: (id) => batch('POST', `/api/rewards/batches/${id}/start`),
    get: (id) => batch('GET', `/api/rewards/batches/${id}`),
    rows: async (id) => (await json<{ rows: BatchResultView[] }>(await t.request('GET', `/api/rewards/batches/${id}/rows?limit=1000`, { cookie }), 'rows')).rows,
    events: async (rewardId) => (await json<{ events: RewardEvent[] }>(await t.request('GET', `/api/rewards/${rewardId}`, { cookie }), `reward ${rewardId}`)).events,
  };
}

/**
 * For one test file (or `describe`): an in-process console on a store of `kind` (PGlite by default)
 * with its reward worker and batch runner on their own timers, no spending limits, and a manager's
 * batch calls; closed afterwards. `options` set the chain's pace and the transactions' lifetime.
 */
export function useBatchConsole(kind: StoreKind = 'pglite', options: Pick<TestAppOptions, 'network' | 'transactionLifetimeSeconds'> = {}): { readonly app: TestApp; readonly calls: BatchCalls } {
  let app: TestApp | undefined;
  let calls: BatchCalls | undefined;
  beforeAll(async () => {
    app = await createTestApp(kind, { rewardChain: true, ...options });
    const [manager, admin] = await Promise.all([app.signInAs('manager'), app.signInAs('admin')]);
    await app.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: NO_LIMITS });
    await app.services.rewardWorker.start();
    await app.services.batchRunner.start();
    calls = batchCalls(app, manager);
  }, 30_000);
  afterAll(() => app?.close());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the console has not started');
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get calls() {
      return started(calls);
    },
  };
}

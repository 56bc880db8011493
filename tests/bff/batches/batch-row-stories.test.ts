import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchResultView, BatchView } from '../../../bff/src/batches/batch-view.ts';
import { clearFaults, createUser, setFaults } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { waitForBatch } from '../../support/reward-batches.ts';
import { NO_LIMITS, batchCalls, type BatchCalls } from '../support/batches.ts';
import { errorOf } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const MISSING_SCOPE = 'The user has not shared their wallet address with the app: they must sign in to the app again and allow it.';

/**
 * What a batch's page reads of its rows: each row's outcome in words with what to do next, the rows
 * of each facet and their counts, and "Retry failed rows" leaving out what no retry can pay. Rows
 * are paid one at a time, in file order, so an injected refusal meets the first row.
 */
describe.each(storeKinds)('the rows of a batch on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let calls: BatchCalls;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true, batchConcurrency: 1 });
    [manager, admin] = await Promise.all([t.signInAs('manager'), t.signInAs('admin')]);
    calls = batchCalls(t, manager);
    await t.services.rewardWorker.start();
    await t.services.batchRunner.start();
  }, 30_000);
  beforeEach(() => t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: NO_LIMITS }));
  afterAll(() => t.close());

  const rowsOf = async (id: string, facet = ''): Promise<BatchResultView[]> => {
    const response = await t.request('GET', `/api/rewards/batches/${id}/rows?limit=1000${facet ? `&facet=${facet}` : ''}`, { cookie: manager });
    expect(response.status).toBe(200);
    return ((await response.json()) as { rows: BatchResultView[] }).rows;
  };
  const linesOf = async (id: string, facet: string) => (await rowsOf(id, facet)).map((row) => row.line);
  const retryFailed = (id: string) => t.request('POST', `/api/rewards/batches/${id}/retry-failed`, { cookie: manager });
  const facetsAre = (facets: BatchView['facets']) => (batch: BatchView) => Object.entries(facets).every(([facet, count]) => batch.facets[facet as keyof typeof facets] === count);

  it('tells each row’s story in words, lists and counts each facet, and retries only the failed rows a retry can pay', async () => {
    const [refusedOnce, paid, noScope, blockedUser] = await Promise.all([
      createUser(t.emulator),
      createUser(t.emulator),
      createUser(t.emulator, ['username', 'payments']),
      createUser(t.emulator),
    ]);
    const blocking = await t.platform.createPayment({ amount: '1', memo: 'open', metadata: {}, uid: blockedUser.uid });
    const csv = ['uid,amount,memo', `${refusedOnce.uid},1,row`, `${paid.uid},1,row`, 'no-such-user,1,row', `${noScope.uid},1,row`, `${blockedUser.uid},1,row`, 'someone,abc,row'].join('\n');
    const id = await calls.upload(csv);
    await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'error', status: 400, times: 1 }]);
    try {
      await calls.start(id);
      const running = await waitForBatch(() => calls.get(id), facetsAre({ paid: 1, failed: 3, waiting: 0, blocked: 1, not_paid: 1 }), 30_000, async () => JSON.stringify(await rowsOf(id)));
      expect(running).toMatchObject({ state: 'running', progress: { blocked: 1 }, failedRows: { retryable: 1, leftOut: 2 } });
    } finally {
      await clearFaults(t.emulator);
    }

    const byLine = new Map((await rowsOf(id)).map((row) => [row.line, row]));
    expect(byLine.get(2)).toMatchObject({ state: 'failed', error: { code: 'unknown_error' }, reason: 'injected fault: error', nextStep: expect.stringMatching(/Retry failed rows/) });
    expect(byLine.get(3)).toMatchObject({ state: 'completed', reason: null, nextStep: null, rewardId: expect.any(String), transactionLink: expect.stringMatching(/\/transactions\/[0-9a-f]{64}$/) });
    expect(byLine.get(4)).toMatchObject({ state: 'failed', error: { code: 'user_not_found' }, reason: 'No such user for this app.', nextStep: expect.stringMatching(/no retry can pay it/) });
    expect(byLine.get(5)).toMatchObject({ state: 'failed', error: { code: 'missing_scope' }, reason: MISSING_SCOPE, nextStep: expect.stringMatching(/until then no retry can pay them/) });
    expect(byLine.get(6)).toMatchObject({
      state: 'requested',
      blockedBy: blocking.identifier,
      reason: `Blocked by the unfinished payment ${blocking.identifier}.`,
      nextStep: expect.stringMatching(/^Ops can complete or cancel it on the Incomplete payments page/),
    });
    expect(byLine.get(7)).toMatchObject({ state: 'invalid', reason: expect.stringMatching(/^amount: /), nextStep: expect.stringMatching(/^Correct this line/) });

    expect(await linesOf(id, 'paid')).toEqual([3]);
    expect(await linesOf(id, 'failed')).toEqual([2, 4, 5]);
    expect(await linesOf(id, 'blocked')).toEqual([6]);
    expect(await linesOf(id, 'waiting')).toEqual([]);
    expect(await linesOf(id, 'not_paid')).toEqual([7]);
    expect((await t.request('GET', `/api/rewards/batches/${id}/rows?facet=lost`, { cookie: manager })).status).toBe(400);

    // Once the blocking payment is cancelled, the blocked row goes on by itself.
    await t.platform.cancelPayment(blocking.identifier);
    const finished = await waitForBatch(() => calls.get(id), (batch) => batch.state === 'finished', 30_000);
    expect(finished).toMatchObject({ facets: { paid: 2, failed: 3, waiting: 0, blocked: 0, not_paid: 1 }, failedRows: { retryable: 1, leftOut: 2 } });

    const retry = await retryFailed(id);
    expect(retry.status).toBe(201);
    const retried = ((await retry.json()) as { batch: BatchView }).batch;
    expect(retried).toMatchObject({ rows: 1, retryOf: id, state: 'previewed', facets: { paid: 0, failed: 0, waiting: 0, blocked: 0, not_paid: 1 } });
    expect((await rowsOf(retried.id)).map((row) => [row.line, row.uid, row.state, row.nextStep])).toEqual([[2, refusedOnce.uid, 'not_started', 'Paid once a manager starts the batch.']]);
  }, 60_000);

  it('retries nothing when every failed row was refused for a reason no retry changes, and says so', async () => {
    const noScope = await createUser(t.emulator, ['payments']);
    const id = await calls.upload(`uid,amount,memo\nnobody-here,1,row\n${noScope.uid},1,row\n`);
    await calls.start(id);
    const finished = await waitForBatch(() => calls.get(id), (batch) => batch.state === 'finished', 30_000);
    expect(finished).toMatchObject({ progress: { failed: 2 }, failedRows: { retryable: 0, leftOut: 2 } });
    const refused = await retryFailed(id);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'nothing_to_retry', message: expect.stringMatching(/^No failed row of this batch can be paid by a retry/) });
  }, 60_000);

  it('before start, gives the network’s fees for the valid rows and says when the total is over the approval threshold', async () => {
    await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { ...NO_LIMITS, approvalThreshold: '2' } });
    const users = await Promise.all([createUser(t.emulator), createUser(t.emulator), createUser(t.emulator)]);
    const over = await calls.upload(`uid,amount,memo\n${users.map((user) => `${user.uid},1,row`).join('\n')}\nsomeone,abc,row\n`);
    // The emulated network's base fee is 0.01 a payment, as on the real one.
    expect(await calls.get(over)).toMatchObject({ state: 'previewed', total: '3', networkFees: '0.03', needsApprovalOver: '2' });
    const under = await calls.upload(`uid,amount,memo\n${users[0]?.uid},2,row\n`);
    expect(await calls.get(under)).toMatchObject({ networkFees: '0.01', needsApprovalOver: null });

    // Once it waits for approval, the page says that instead; once paying, the fees are the ledger's.
    expect(await calls.start(over)).toMatchObject({ state: 'awaiting_approval', needsApprovalOver: null });
    expect(await calls.start(under)).toMatchObject({ state: 'running', networkFees: null, needsApprovalOver: null });
  }, 60_000);
});

import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mode } from '../../../bff/src/config.ts';
import { UNFINISHED_STATES } from '../../../bff/src/rewards/reward-row.ts';
import { clearFaults, completedU2A, control, createUser, setFaults, type ControlUser } from '../../support/emulator-control.ts';
import { ledgerDiscrepancies, ledgerSnapshot } from '../../support/ledger-audit.ts';
import { listen } from '../../support/listen.ts';
import { answerLosingFetch } from '../../support/public-api-client/answer-losing-fetch.ts';
import { askUntilAnswered } from '../../support/public-api-client/ask-until-answered.ts';
import type { components, paths } from '../../support/public-api-client/v1.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createApiKey } from '../support/api-keys.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Reward = components['schemas']['Reward'];

const MODES: Mode[] = ['sandbox', 'live'];
const UNFINISHED: readonly string[] = UNFINISHED_STATES;
/**
 * How long the platform's create call of one reward is held, so that its request is still being
 * processed when asked again; within the test app's 2 s time-out of a platform call.
 */
const HELD_CREATE_MS = 1_000;

/**
 * The public API as an app's backend uses it: through a client generated from the OpenAPI document
 * (openapi-typescript's types, openapi-fetch), over HTTP to the real app and the real emulator. Some
 * answers are lost on purpose; the backend asks again with the same Idempotency-Key, as docs/public-api.md
 * says, and each user is paid exactly once, counted on the emulator's ledger.
 */
describe.each(storeKinds.flatMap((kind) => MODES.map((mode) => [kind, mode] as const)))('the generated client as an app backend, on %s, in %s mode', (kind, mode) => {
  let t: TestApp;
  let served: Awaited<ReturnType<typeof listen>>;
  let secret: string;
  let api: Client<paths>;
  const network = answerLosingFetch();

  beforeAll(async () => {
    // A ledger every 500 ms and an answer within 100 ms: a reward is answered before it is paid, and followed.
    t = await createTestApp(kind, { rewardChain: true, mode, network: { ledgerCloseMs: 500 }, rewardAnswerWithinMs: 100 });
    served = await listen(t.app.fetch);
    // The backend's key, made by an admin (POST /api/api-keys), its secret shown once.
    ({ secret } = await createApiKey(t, await t.signInAs('admin'), ['rewards:write', 'rewards:read', 'refunds:write'], 'game backend'));
    api = createClient<paths>({ baseUrl: served.origin, headers: { authorization: `Bearer ${secret}` }, fetch: network.fetch });
  });
  afterAll(async () => {
    await served.close();
    await t.close();
  });

  const pay = (user: ControlUser, idempotencyKey: string, amount: string) =>
    askUntilAnswered(() => api.POST('/v1/rewards', { params: { header: { 'idempotency-key': idempotencyKey } }, body: { uid: user.uid, amount, memo: `level up ${idempotencyKey}` } }));
  const sentWith = (idempotencyKey: string) => (request: Request) => request.headers.get('idempotency-key') === idempotencyKey;

  /** Reads a reward or a refund again until it has ended, as the backend follows it. */
  const ended = <T extends { state: string }>(what: string, read: () => Promise<T | undefined>) =>
    vi.waitFor(
      async () => {
        const found = await read();
        if (found === undefined || UNFINISHED.includes(found.state)) throw new Error(`${what} is ${found?.state ?? 'not found'}`);
        return found;
      },
      { timeout: 30_000, interval: 50 },
    );
  const follow = (id: string) => ended(`reward ${id}`, async () => (await askUntilAnswered(() => api.GET('/v1/rewards/{id}', { params: { path: { id } } }))).answer.data?.reward);
  const followRefund = (id: string) => ended(`refund ${id}`, async () => (await askUntilAnswered(() => api.GET('/v1/refunds/{id}', { params: { path: { id } } }))).answer.data?.refund);

  it(`makes a ${mode} key on the console's API keys route`, () => {
    expect(secret).toMatch(new RegExp(`^plat_sk_${mode}_`));
  });

  it('pays each user exactly once through lost answers and requests still in flight, follows each reward to completed and lists them by cursor', async () => {
    const users = { plain: await createUser(t.emulator), lostAnswer: await createUser(t.emulator), inFlight: await createUser(t.emulator), lostRead: await createUser(t.emulator) };
    const amounts = { plain: '1.25', lostAnswer: '2.5', inFlight: '0.75', lostRead: '3' };
    const before = await ledgerSnapshot(t.emulator, Object.values(users));

    const plain = await pay(users.plain, `${mode}-plain`, amounts.plain);
    expect(plain).toMatchObject({ lost: 0, inFlight: 0, answer: { response: { status: 201 } } });

    // Answered by the console, lost on the way back: asked again, the same reward (200).
    network.loseNextAnswer(sentWith(`${mode}-lost-answer`));
    const lostAnswer = await pay(users.lostAnswer, `${mode}-lost-answer`, amounts.lostAnswer);
    expect(lostAnswer).toMatchObject({ lost: 1, answer: { response: { status: 200 } } });

    // Lost while the console still drives the reward (its platform call held): asked again, 409
    // request_in_flight until the drive lets go, then the same reward.
    await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'latency', latencyMs: HELD_CREATE_MS, times: 1 }]);
    network.loseNextAnswer(sentWith(`${mode}-in-flight`));
    const inFlight = await pay(users.inFlight, `${mode}-in-flight`, amounts.inFlight);
    await clearFaults(t.emulator);
    expect(inFlight).toMatchObject({ lost: 1, answer: { response: { status: 200 } } });
    expect(inFlight.inFlight).toBeGreaterThanOrEqual(1);

    const lostRead = await pay(users.lostRead, `${mode}-lost-read`, amounts.lostRead);
    const lostReadId = lostRead.answer.data?.reward.id;
    network.loseNextAnswer((request) => request.method === 'GET' && request.url.endsWith(`/v1/rewards/${lostReadId}`));

    const answered = { plain, lostAnswer, inFlight, lostRead };
    const rewards = new Map<keyof typeof users, Reward>();
    for (const [name, { answer }] of Object.entries(answered) as Array<[keyof typeof users, typeof plain]>) {
      const reward = answer.data?.reward;
      if (reward === undefined) throw new Error(`no reward for ${name}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
      expect(reward).toMatchObject({ uid: users[name].uid, amount: amounts[name] });
      rewards.set(name, await follow(reward.id));
    }
    expect([...rewards.values()].map((reward) => reward.state)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(network.lost).toEqual(['POST /v1/rewards 201', 'POST /v1/rewards 201', `GET /v1/rewards/${lostReadId} 200`]);

    // The list, two at a time by cursor, newest first; the second page's answer is lost once and asked again.
    network.loseNextAnswer((request) => new URL(request.url).searchParams.has('cursor'));
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const { answer } = await askUntilAnswered(() => api.GET('/v1/rewards', { params: { query: { limit: 2, ...(cursor === undefined ? {} : { cursor }) } } }));
      if (answer.data === undefined) throw new Error(`listing answered ${answer.response.status}`);
      listed.push(...answer.data.rewards.map((reward) => reward.id));
      cursor = answer.data.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(network.lost).toHaveLength(4);
    expect(listed.sort()).toEqual([...rewards.values()].map((reward) => reward.id).sort());

    const expected = (Object.keys(users) as Array<keyof typeof users>).map((name) => ({ label: `${name} ${users[name].uid}`, wallet_address: users[name].wallet_address, txid: rewards.get(name)?.txid ?? null, amount: amounts[name] }));
    expect(await ledgerDiscrepancies(t.emulator, before, expected)).toEqual([]);
    const { payments } = await control<{ payments: Array<{ user_uid: string }> }>(t.emulator, 'GET', '/payments?limit=10000');
    for (const user of Object.values(users)) expect(payments.filter((payment) => payment.user_uid === user.uid), user.uid).toHaveLength(1);
  });

  it('refunds a completed user-to-app payment in two parts, the first answer lost, never more than it was, each part paid once', async () => {
    const user = await createUser(t.emulator);
    const payment = await completedU2A(t.emulator, user.uid, 5);
    const before = await ledgerSnapshot(t.emulator, [user]);
    const refund = (idempotencyKey: string, amount: string) =>
      askUntilAnswered(() => api.POST('/v1/refunds', { params: { header: { 'idempotency-key': idempotencyKey } }, body: { paymentId: payment.identifier, amount, memo: 'damaged item' } }));

    network.loseNextAnswer(sentWith(`${mode}-refund-1`));
    const first = await refund(`${mode}-refund-1`, '2');
    expect(first).toMatchObject({ lost: 1, answer: { response: { status: 200 } } });
    const second = await refund(`${mode}-refund-2`, '1.5');
    expect(second).toMatchObject({ lost: 0, answer: { response: { status: 201 } } });
    const refunds = [];
    for (const { answer } of [first, second]) {
      const asked = answer.data?.refund;
      if (asked === undefined) throw new Error(`no refund: ${answer.response.status} ${JSON.stringify(answer.error)}`);
      refunds.push(await followRefund(asked.id));
    }
    expect(refunds).toMatchObject([
      { state: 'completed', uid: user.uid, amount: '2', refundOf: payment.identifier },
      { state: 'completed', uid: user.uid, amount: '1.5', refundOf: payment.identifier },
    ]);

    // 3.5 of 5 refunded: 1.5 is left, and not a stroop more.
    const over = await refund(`${mode}-refund-3`, '1.5000001');
    expect(over.answer.response.status).toBe(422);
    expect(over.answer.error?.error).toMatchObject({ code: 'over_refundable', details: { remaining: '1.5' } });

    const expected = refunds.map((paid, i) => ({ label: `refund ${i + 1} of ${payment.identifier}`, wallet_address: user.wallet_address, txid: paid.txid, amount: paid.amount }));
    expect(await ledgerDiscrepancies(t.emulator, before, expected)).toEqual([]);
    const { payments } = await control<{ payments: Array<{ user_uid: string; direction: string }> }>(t.emulator, 'GET', '/payments?limit=10000');
    expect(payments.filter((paid) => paid.user_uid === user.uid && paid.direction === 'app_to_user')).toHaveLength(2);
  });

  it('is typed: tsc refuses an amount as a JSON number, and the console answers it 400 naming the field', async () => {
    const { error, response } = await api.POST('/v1/rewards', {
      params: { header: { 'idempotency-key': `${mode}-typed` } },
      // @ts-expect-error an amount is a decimal string, never a JSON number
      body: { uid: 'nobody', amount: 1, memo: 'typed' },
    });
    expect(response.status).toBe(400);
    expect(error?.error).toMatchObject({ code: 'invalid_input', field: 'amount' });
  });
});

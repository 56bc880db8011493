import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { errorOf } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface RewardAnswer {
  reward: { id: string; state: string; amount: string; paymentId: string | null; error: { code: string; message: string } | null; canRetry: boolean };
}

/** What a caller sees of POST /api/rewards before any money moves: validation, idempotency, refusals. */
describe.each(storeKinds)('reward requests on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let support: string;
  let keyCount = 0;
  const newKey = () => `key-${kind}-${++keyCount}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    manager = await t.signInAs('manager');
    support = await t.signInAs('support');
  });
  afterAll(() => t.close());

  const payments = async () => (await control<{ total: number }>(t.emulator, 'GET', '/payments?limit=1')).total;
  const pay = (body: unknown, key: string | null = newKey(), cookie = manager) =>
    t.request('POST', '/api/rewards', { cookie, body, headers: key === null ? {} : { 'idempotency-key': key } });

  it.each([
    ['amount 0', { amount: '0' }, /amount: must be a decimal string greater than 0/],
    ['a negative amount', { amount: '-1' }, /amount: must be a decimal/],
    ['8 decimal places', { amount: '1.12345678' }, /at most 7 decimal places/],
    ['an exponent', { amount: '1e3' }, /amount: must be a decimal/],
    ['NaN', { amount: 'NaN' }, /amount: must be a decimal/],
    ['a JSON number', { amount: 1.5 }, /amount: must be a decimal string/],
    ['a huge memo', { memo: 'm'.repeat(501) }, /memo: must be at most 500 characters/],
    ['metadata that is not an object', { metadata: [1, 2] }, /metadata: must be a JSON object/],
    ['metadata that is too large', { metadata: { blob: 'x'.repeat(5_000) } }, /metadata: must be at most 4096 bytes/],
    ['metadata with the console’s own key', { metadata: { plat_console_reward_id: 'x' } }, /the console sets it/],
    ['no uid', { uid: '' }, /the user uid is required/],
  ])('refuses %s with a clear 400 and no upstream call', async (_name, change, message) => {
    const before = await payments();
    const response = await pay({ uid: 'someone', amount: '1', memo: 'thanks', metadata: {}, ...change });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(message);
    expect(await payments()).toBe(before);
  });

  it('refuses a request without an Idempotency-Key', async () => {
    const response = await pay({ uid: 'someone', amount: '1', memo: 'thanks' }, null);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/Idempotency-Key header is required/);
  });

  it('lets support read rewards but not pay one', async () => {
    expect((await pay({ uid: 'someone', amount: '1', memo: 'thanks' }, newKey(), support)).status).toBe(403);
    expect((await t.request('GET', '/api/rewards', { cookie: support })).status).toBe(200);
  });

  it('pages the rewards list with a cursor, each reward once, and refuses a cursor of another list', async () => {
    for (let i = 0; i < 3; i += 1) await pay({ uid: 'no-such-user', amount: '1', memo: `page ${i}` });
    const page = async (query: string) => (await (await t.request('GET', `/api/rewards?${query}`, { cookie: support })).json()) as { rewards: Array<{ id: string }>; nextCursor: string | null };
    const whole = (await page('limit=200')).rewards.map((reward) => reward.id);
    const paged: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next = await page(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.rewards.length).toBeLessThanOrEqual(2);
      paged.push(...next.rewards.map((reward) => reward.id));
      cursor = next.nextCursor;
    }
    expect(paged).toEqual(whole);
    const foreign = Buffer.from(JSON.stringify(['not a time', 'x'])).toString('base64url');
    const refused = await t.request('GET', `/api/rewards?cursor=${foreign}`, { cookie: support });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toMatch(/cursor: does not belong to this list/);
  });

  it('ends a reward for an unknown uid as failed, with the platform’s code in plain words', async () => {
    const response = await pay({ uid: 'no-such-user', amount: '1', memo: 'thanks' });
    expect(response.status).toBe(201);
    const { reward } = (await response.json()) as RewardAnswer;
    expect(reward.state).toBe('failed');
    expect(reward.error).toEqual({ code: 'user_not_found', message: expect.stringMatching(/^No such user for this app\. Check the uid/) });
  });

  it('offers no retry a refusal proved hopeless, and refuses one asked for with what to do instead', async () => {
    const unknown = (await (await pay({ uid: 'no-such-user', amount: '1', memo: 'thanks' })).json()) as RewardAnswer;
    const user = await createUser(t.emulator, ['username', 'payments']);
    const unshared = (await (await pay({ uid: user.uid, amount: '1', memo: 'thanks' })).json()) as RewardAnswer;
    for (const [{ reward }, instead] of [
      [unknown, /Check the uid/],
      [unshared, /sign in to the app again and allow it/],
    ] as const) {
      expect(reward).toMatchObject({ state: 'failed', canRetry: false });
      const refused = await t.request('POST', `/api/rewards/${reward.id}/retry`, { cookie: manager });
      expect(refused.status).toBe(409);
      const { error } = (await refused.json()) as { error: { code: string; message: string } };
      expect(error).toEqual({ code: 'retry_cannot_succeed', message: expect.stringMatching(instead), requestId: expect.any(String) });
      const after = (await (await t.request('GET', `/api/rewards/${reward.id}`, { cookie: manager })).json()) as RewardAnswer;
      expect(after.reward).toMatchObject({ state: 'failed', error: { code: reward.error?.code } });
    }
  });

  it('ends a reward for a user who has not shared a wallet address as failed', async () => {
    const user = await createUser(t.emulator, ['username', 'payments']);
    const { reward } = (await (await pay({ uid: user.uid, amount: '1', memo: 'thanks' })).json()) as RewardAnswer;
    expect(reward.state).toBe('failed');
    expect(reward.error?.code).toBe('missing_scope');
    expect(reward.error?.message).toMatch(/^The user has not shared their wallet address with the app: they must sign in to the app again and allow it\./);
  });

  it('answers the same reward for the same key and body, and refuses the key with another body', async () => {
    const user = await createUser(t.emulator);
    const key = newKey();
    const body = { uid: user.uid, amount: '2.50', memo: 'winner', metadata: { campaign: 'autumn' } };
    const first = await pay(body, key);
    expect(first.status).toBe(201);
    const { reward } = (await first.json()) as RewardAnswer;
    expect(reward.amount).toBe('2.5');

    const again = await pay({ ...body, amount: '2.5' }, key);
    expect(again.status).toBe(200);
    expect(((await again.json()) as RewardAnswer).reward.id).toBe(reward.id);

    const other = await pay({ ...body, amount: '3' }, key);
    expect(other.status).toBe(422);
    expect((await errorOf(other)).code).toBe('idempotency_key_reused');
  });

  it('without an app wallet, stops a reward at "created, awaiting its transaction"', async () => {
    const user = await createUser(t.emulator);
    const { reward } = (await (await pay({ uid: user.uid, amount: '1', memo: 'thanks' })).json()) as RewardAnswer;
    expect(reward.state).toBe('created');
    expect(reward.paymentId).not.toBeNull();
    expect(reward.error?.code).toBe('awaiting_wallet');
  });
});

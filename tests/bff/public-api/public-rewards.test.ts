import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicReward } from '../../../bff/src/public-api/reward-schemas.ts';
import { clearFaults, createUser, setFaults } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { callV1, createApiKey, v1ErrorOf, type TestApiKey } from '../support/api-keys.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The rewards of the public API, through the real app against the emulator: what an app's backend meets. */
describe.each(storeKinds)('/v1/rewards on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let writer: TestApiKey;
  let reader: TestApiKey;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    admin = await t.signInAs('admin');
    writer = await createApiKey(t, admin, ['rewards:write', 'rewards:read'], 'game backend');
    reader = await createApiKey(t, admin, ['rewards:read']);
  });
  afterAll(() => t.close());

  const newKey = () => `v1-${kind}-${++keys}`;
  const pay = (body: unknown, idempotencyKey: string | null = newKey(), key = writer) =>
    callV1(t, 'POST', '/v1/rewards', { key, body, headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey } });
  const rewardOf = async (response: Response) => ((await response.json()) as { reward: PublicReward }).reward;

  it('pays with the key as the requester, without a cookie or the console header, and audits the key as the actor', async () => {
    const { uid } = await createUser(t.emulator);
    const response = await pay({ uid, amount: '1.25', memo: 'level 3', metadata: { level: 3 } });
    expect(response.status).toBe(201);
    const reward = await rewardOf(response);
    expect(reward).toMatchObject({ state: 'completed', uid, amount: '1.25', memo: 'level 3', requestedBy: writer.id, approvedBy: null });
    expect(reward.paymentId).not.toBeNull();
    expect(reward.txid).not.toBeNull();
    // Only what the API documents: nothing of the staff pages (emails, what a person may do next).
    expect(Object.keys(reward)).not.toContain('canRetry');
    const rows = await t.store.sql.rows<{ actor_id: string; actor_role: string }>(`SELECT actor_id, actor_role FROM audit_events WHERE action = 'reward.request' AND target = 'reward:${reward.id}'`);
    expect(rows).toEqual([{ actor_id: writer.id, actor_role: 'api_key' }]);
  });

  it('enforces the scope of each operation, in the one error shape naming the scope', async () => {
    const { uid } = await createUser(t.emulator);
    const refused = await pay({ uid, amount: '1', memo: 'no scope' }, newKey(), reader);
    expect(refused.status).toBe(403);
    expect(await v1ErrorOf(refused)).toEqual({ code: 'missing_scope', message: expect.stringContaining('rewards:write'), requestId: expect.any(String), details: { needs: 'rewards:write' } });
    const ingestOnly = await createApiKey(t, admin, ['ingest']);
    const unread = await callV1(t, 'GET', '/v1/rewards', { key: ingestOnly });
    expect(unread.status).toBe(403);
    expect((await v1ErrorOf(unread)).details).toEqual({ needs: 'rewards:read' });
    expect((await callV1(t, 'GET', '/v1/rewards', { key: reader })).status).toBe(200);
  });

  it('answers 401 without a valid key, a staff session included', async () => {
    const anonymous = await callV1(t, 'GET', '/v1/rewards');
    expect(anonymous.status).toBe(401);
    expect((await v1ErrorOf(anonymous)).code).toBe('invalid_api_key');
    expect((await callV1(t, 'GET', '/v1/rewards', { headers: { cookie: admin } })).status).toBe(401);
    expect((await callV1(t, 'GET', '/v1/rewards', { key: { id: reader.id, secret: `${reader.secret}x` } })).status).toBe(401);
  });

  it('answers the same reward for the same Idempotency-Key and body (200), and refuses another body (422)', async () => {
    const { uid } = await createUser(t.emulator);
    const key = newKey();
    const first = await rewardOf(await pay({ uid, amount: '1.5', memo: 'once' }, key));
    const again = await pay({ uid, amount: '1.50', memo: 'once', metadata: {} }, key);
    expect(again.status).toBe(200);
    expect((await rewardOf(again)).id).toBe(first.id);
    const other = await pay({ uid, amount: '2', memo: 'once' }, key);
    expect(other.status).toBe(422);
    expect(await v1ErrorOf(other)).toMatchObject({ code: 'idempotency_key_reused', details: { rewardId: first.id } });
    // Keys belong to their requester: another key's same Idempotency-Key is another reward.
    const otherWriter = await createApiKey(t, admin, ['rewards:write']);
    const { uid: another } = await createUser(t.emulator);
    const theirs = await pay({ uid: another, amount: '1', memo: 'theirs' }, key, otherWriter);
    expect(theirs.status).toBe(201);
  });

  it('refuses a look-alike of a reward of the last 24 hours (409, nothing created) until the request confirms it', async () => {
    const { uid } = await createUser(t.emulator);
    const body = { uid, amount: '1', memo: 'daily bonus' };
    const first = await rewardOf(await pay(body));
    const key = newKey();
    const again = await pay(body, key);
    expect(again.status).toBe(409);
    expect(await v1ErrorOf(again)).toMatchObject({ code: 'look_alike', details: { rewardId: first.id } });
    const confirmed = await pay({ ...body, confirmLookAlike: true }, key);
    expect(confirmed.status).toBe(201);
    expect((await rewardOf(confirmed)).id).not.toBe(first.id);
  });

  it('answers 409 while the first request with the Idempotency-Key is still being processed', async () => {
    const { uid } = await createUser(t.emulator);
    const key = newKey();
    await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'latency', latencyMs: 1_500, times: 1 }]);
    try {
      const first = pay({ uid, amount: '1', memo: 'slow' }, key);
      await vi.waitFor(async () => expect(await t.store.sql.rows(`SELECT id FROM rewards WHERE idempotency_key = '${key}'`)).toHaveLength(1));
      const during = await pay({ uid, amount: '1', memo: 'slow' }, key);
      expect(during.status).toBe(409);
      expect((await v1ErrorOf(during)).code).toBe('request_in_flight');
      expect((await first).status).toBe(201);
    } finally {
      await clearFaults(t.emulator);
    }
  });

  it('answers a reward above the approval threshold as awaiting_approval, unpaid', async () => {
    expect((await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: '5' } })).status).toBe(200);
    try {
      const { uid } = await createUser(t.emulator);
      const response = await pay({ uid, amount: '6', memo: 'big win' });
      expect(response.status).toBe(201);
      expect(await rewardOf(response)).toMatchObject({ state: 'awaiting_approval', paymentId: null, requestedBy: writer.id });
    } finally {
      await t.request('PUT', '/api/settings/reward-limits', { cookie: admin, body: { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: null } });
    }
  });

  it.each([
    ['no Idempotency-Key', { uid: 'u', amount: '1', memo: 'm' }, null, 'idempotency-key'],
    ['an amount as a JSON number', { uid: 'u', amount: 1, memo: 'm' }, 'k', 'amount'],
    ['too many decimal places', { uid: 'u', amount: '1.12345678', memo: 'm' }, 'k', 'amount'],
    ['no memo', { uid: 'u', amount: '1' }, 'k', 'memo'],
    ['metadata that is not an object', { uid: 'u', amount: '1', memo: 'm', metadata: [1] }, 'k', 'metadata'],
    ['a NUL character in a metadata value', { uid: 'u', amount: '1', memo: 'm', metadata: { tier: 'a\u0000b' } }, 'k', 'metadata.tier'],
  ])('refuses %s with 400 invalid_input naming the field', async (_case, body, idempotencyKey, field) => {
    const response = await pay(body, idempotencyKey === null ? null : newKey());
    expect(response.status).toBe(400);
    expect(await v1ErrorOf(response)).toEqual({ code: 'invalid_input', message: expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')}: `)), requestId: expect.any(String), field });
  });

  it('holds the body to the console’s rules: JSON said as JSON, bounded depth, strict UTF-8, 1 MiB', async () => {
    const send = (body: string | Uint8Array<ArrayBuffer>, contentType: string) =>
      t.app.request('/v1/rewards', { method: 'POST', headers: { authorization: `Bearer ${writer.secret}`, 'idempotency-key': newKey(), 'content-type': contentType }, body });
    const asText = await send(JSON.stringify({ uid: 'u', amount: '1', memo: 'm' }), 'text/plain');
    expect(asText.status).toBe(415);
    expect((await v1ErrorOf(asText)).code).toBe('unsupported_media_type');
    const deep = await send(`{"uid":"u","amount":"1","memo":"m","metadata":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`, 'application/json');
    expect(deep.status).toBe(400);
    expect((await v1ErrorOf(deep)).code).toBe('invalid_input');
    const withMark = await send(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{}')]), 'application/json');
    expect(withMark.status).toBe(400);
    expect((await v1ErrorOf(withMark)).code).toBe('invalid_body');
    const large = await send(JSON.stringify({ uid: 'u', amount: '1', memo: 'm', metadata: { x: 'a'.repeat(1024 * 1024) } }), 'application/json');
    expect(large.status).toBe(413);
  });

  it('reads one reward, and answers an unknown or malformed id in the one error shape', async () => {
    const { uid } = await createUser(t.emulator);
    const paid = await rewardOf(await pay({ uid, amount: '1', memo: 'read me' }));
    const read = await callV1(t, 'GET', `/v1/rewards/${paid.id}`, { key: reader });
    expect(read.status).toBe(200);
    expect(await rewardOf(read)).toEqual(paid);
    const unknown = await callV1(t, 'GET', '/v1/rewards/00000000-0000-4000-8000-000000000000', { key: reader });
    expect(unknown.status).toBe(404);
    expect((await v1ErrorOf(unknown)).code).toBe('reward_not_found');
    const malformed = await callV1(t, 'GET', '/v1/rewards/not-an-id', { key: reader });
    expect(malformed.status).toBe(400);
    expect(await v1ErrorOf(malformed)).toMatchObject({ code: 'invalid_input', field: 'id' });
  });

  it('lists rewards newest first, a page at a time by cursor, filtered', async () => {
    const { uid } = await createUser(t.emulator);
    const paid: string[] = [];
    for (const memo of ['first', 'second', 'third']) {
      paid.push((await rewardOf(await pay({ uid, amount: '1', memo }))).id);
      t.clock.advance(1_000);
    }
    const page = async (query: string) => {
      const response = await callV1(t, 'GET', `/v1/rewards?${query}`, { key: reader });
      expect(response.status).toBe(200);
      return (await response.json()) as { rewards: PublicReward[]; nextCursor: string | null };
    };
    const first = await page(`uid=${uid}&limit=2`);
    expect(first.rewards.map((reward) => reward.id)).toEqual([paid[2], paid[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`uid=${uid}&limit=2&cursor=${first.nextCursor}`);
    expect(second.rewards.map((reward) => reward.id)).toEqual([paid[0]]);
    expect(second.nextCursor).toBeNull();
    expect((await page(`uid=${uid}&state=failed`)).rewards).toEqual([]);
    const badCursor = await callV1(t, 'GET', '/v1/rewards?cursor=garbage', { key: reader });
    expect(badCursor.status).toBe(400);
    expect(await v1ErrorOf(badCursor)).toMatchObject({ code: 'invalid_input', field: 'cursor' });
    const badState = await callV1(t, 'GET', '/v1/rewards?state=paid', { key: reader });
    expect(await v1ErrorOf(badState)).toMatchObject({ code: 'invalid_input', field: 'state' });
  });
});

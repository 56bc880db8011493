import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../../bff/src/platform/schemas.ts';
import { storeKinds } from '../../support/test-store.ts';
import { errorOf, newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Suggestion {
  uid: string;
  userNames: { username: string | null; displayName: string | null } | null;
  lastPayments: Array<{ id: string; amount: string; network: string; created: string; state: string }>;
}

const NETWORK = 'Plat Testnet';
const noFlags = { developer_approved: false, transaction_verified: false, developer_completed: false, cancelled: false, user_cancelled: false };
let paymentCount = 0;

/** A payment snapshot as the platform would send it, for a uid the test chooses. */
function snapshot(uid: string, created: string, fields: Partial<Pick<Payment, 'amount' | 'status' | 'direction'>> = {}): Payment {
  paymentCount += 1;
  return {
    identifier: `SuGgEsT${String(paymentCount).padStart(21, '0')}`,
    user_uid: uid,
    amount: '1',
    memo: 'suggestions',
    metadata: {},
    from_address: `G${'A'.repeat(55)}`,
    to_address: `G${'B'.repeat(55)}`,
    direction: 'app_to_user',
    created_at: created,
    network: NETWORK,
    status: noFlags,
    transaction: null,
    ...fields,
  };
}

describe.each(storeKinds)('recipient suggestions on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  const alicePayments: Payment[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    manager = await t.signInAs('manager');
    alicePayments.push(
      snapshot('alice', '2026-05-10T08:00:00.000Z', { amount: '1' }),
      snapshot('alice', '2026-05-11T08:00:00.000Z', { amount: '2.5', status: { ...noFlags, developer_approved: true } }),
      snapshot('alice', '2026-05-12T08:00:00.000Z', { amount: '0.0000001', status: { ...noFlags, cancelled: true } }),
      snapshot('alice', '2026-05-13T08:00:00.000Z', { amount: '3', direction: 'user_to_app', status: { ...noFlags, developer_approved: true, transaction_verified: true, developer_completed: true } }),
    );
    const others = ['alina', 'Alice', 'bob', 'al', 'a%b', 'a_b', 'aab', 'ülrich', 'ümit'].map((uid) => snapshot(uid, '2026-05-01T08:00:00.000Z'));
    const many = Array.from({ length: 25 }, (_, i) => snapshot(`many-${String(i).padStart(2, '0')}`, '2026-05-01T08:00:00.000Z'));
    await t.services.paymentIndex.record([...alicePayments, ...others, ...many], 'console');
    const app = { actor: null, clientIp: null, requestId: null };
    await t.services.userNames.putMany(
      [
        { uid: 'bob', username: 'bobby_t', displayName: 'Alfred Bobbins' },
        { uid: 'alina', username: 'lina', displayName: null },
        { uid: 'uid-never-paid', username: 'al_new', displayName: 'Zoë Ünal' },
        { uid: 'uid-percent', username: 'x%y', displayName: null },
      ],
      app,
    );
  });
  afterAll(() => t.close());

  async function suggest(q: string, cookie = manager): Promise<Response> {
    return t.request('GET', `/api/users?q=${encodeURIComponent(q)}`, { cookie });
  }

  async function suggestions(q: string): Promise<Suggestion[]> {
    const response = await suggest(q);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { users: Suggestion[] }).users;
  }

  const uids = async (q: string) => (await suggestions(q)).map((user) => user.uid);

  it('answers the uids that start with what was typed, each with its last 3 payments, newest first', async () => {
    const users = await suggestions('ali');
    expect(users.map((user) => user.uid)).toEqual(['alice', 'alina']);
    expect(users.map((user) => user.userNames)).toEqual([null, { username: 'lina', displayName: null }]);
    const [, second, third, fourth] = alicePayments;
    expect(users[0]?.lastPayments).toEqual([
      { id: fourth?.identifier, amount: '3', network: NETWORK, created: '2026-05-13T08:00:00.000Z', state: 'completed' },
      { id: third?.identifier, amount: '0.0000001', network: NETWORK, created: '2026-05-12T08:00:00.000Z', state: 'cancelled' },
      { id: second?.identifier, amount: '2.5', network: NETWORK, created: '2026-05-11T08:00:00.000Z', state: 'awaiting_transaction' },
    ]);
    expect(users[1]?.lastPayments).toHaveLength(1);
  });

  it('matches the start of the uid exactly: case counts, the uid itself counts, nothing matches in the middle', async () => {
    expect(await uids('ali')).toEqual(['alice', 'alina']);
    expect(await uids('Alic')).toEqual(['Alice']);
    expect(await uids('ice')).toEqual([]);
    expect(await uids('alice')).toEqual(['alice']);
    expect(await uids('alicex')).toEqual([]);
  });

  it('reads % and _ as themselves, not as patterns', async () => {
    expect(await uids('a%')).toEqual(['a%b']);
    expect(await uids('a_')).toEqual(['a_b']);
  });

  it('finds uids beyond ASCII by their first characters', async () => {
    expect(await uids('ül')).toEqual(['ülrich']);
    expect(await uids('üm')).toEqual(['ümit']);
  });

  it('answers at most 20 users, in order', async () => {
    expect(await uids('many-')).toEqual(Array.from({ length: 20 }, (_, i) => `many-${String(i).padStart(2, '0')}`));
  });

  it('finds a user the platform created, by the first characters of their uid', async () => {
    const payment = await newA2U(t, { amount: '4.25' });
    await t.services.paymentIndex.record([payment], 'console');
    const users = await suggestions(payment.user_uid.slice(0, 8));
    const found = users.find((user) => user.uid === payment.user_uid);
    expect(found?.lastPayments).toEqual([{ id: payment.identifier, amount: '4.25', network: payment.network, created: new Date(payment.created_at).toISOString(), state: expect.any(String) }]);
  });

  it('refuses fewer than 2 characters, more than 200, and no q at all, with a 400 that says why', async () => {
    for (const q of ['a', ' a ', 'x'.repeat(201)]) {
      const response = await suggest(q);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('invalid_input');
    }
    const one = await errorOf(await suggest('a'));
    expect(one.message).toBe('q: type at least 2 characters of the uid or name');
    const none = await t.request('GET', '/api/users', { cookie: manager });
    expect(none.status).toBe(400);
  });

  it('finds users by the start of their display name or username, whatever the case, named users first', async () => {
    // "al": the display name "Alfred Bobbins" and the username "al_new" (by the name that matched, in
    // byte order), then the uids that start with "al".
    const users = await suggestions('AL');
    expect(users.map((user) => user.uid)).toEqual(['uid-never-paid', 'bob']);
    expect(await uids('al')).toEqual(['uid-never-paid', 'bob', 'al', 'alice', 'alina']);
    expect((await suggestions('alfred b'))[0]).toMatchObject({ uid: 'bob', userNames: { username: 'bobby_t', displayName: 'Alfred Bobbins' }, lastPayments: [expect.objectContaining({ amount: '1' })] });
    expect(await uids('BOBBY')).toEqual(['bob']);
    expect(await uids('bobbins')).toEqual([]);
  });

  it('finds a named user without payments, and names beyond ASCII folded as the app wrote them', async () => {
    expect(await suggestions('zoë ü')).toEqual([{ uid: 'uid-never-paid', userNames: { username: 'al_new', displayName: 'Zoë Ünal' }, lastPayments: [] }]);
    expect(await uids('ＺＯË')).toEqual(['uid-never-paid']);
  });

  it('lists a user a name and a uid both match once, under the name', async () => {
    expect(await uids('lin')).toEqual(['alina']);
    expect(await uids('bo')).toEqual(['bob']);
  });

  it('reads % and _ in a name as themselves', async () => {
    expect(await uids('x%')).toEqual(['uid-percent']);
    expect(await uids('x_')).toEqual([]);
    expect(await uids('al_')).toEqual(['uid-never-paid']);
  });

  it('is for whoever reads payments, support too: it answers nothing a user’s page does not', async () => {
    const support = await t.signInAs('support');
    const response = await suggest('alice', support);
    expect(response.status).toBe(200);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditLog } from '../../../bff/src/audit/audit-log.ts';
import { Refusal } from '../../../bff/src/domain/refusal.ts';
import { readUserNames } from '../../../bff/src/store/app-user-names.ts';
import type { Store } from '../../../bff/src/store/database.ts';
import { UserNameService } from '../../../bff/src/users/user-names.ts';
import { openTestStore, storeKinds } from '../../support/test-store.ts';
import { ADMIN, auditLogOn, resetAuditLog } from '../audit/audit-fixtures.ts';
import type { TestClock } from '../support/test-clock.ts';

const origin = { actor: ADMIN, clientIp: '203.0.113.7', requestId: 'req-names' };

/** The refusal `attempt` ends with, or a failure when it ends otherwise. */
async function refusalOf(attempt: Promise<unknown>): Promise<Refusal> {
  const error = await attempt.then(
    () => expect.fail('expected a refusal'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

describe.each(storeKinds)('the app’s names of its users (%s)', (kind) => {
  let store: Store;
  let audit: AuditLog;
  let clock: TestClock;
  let names: UserNameService;

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  beforeEach(async () => {
    await store.sql.exec('DELETE FROM app_user_names');
    await resetAuditLog(store);
    ({ audit, clock } = auditLogOn(store));
    names = new UserNameService({ db: store.db, clock, audit });
  });
  afterAll(() => store.close());

  const stored = async (uids: string[]) => Object.fromEntries(await readUserNames(store.db, uids));
  const storedRows = () => store.sql.rows<Record<string, unknown>>('SELECT uid, username, display_name, username_key, display_name_key, set_at, set_by FROM app_user_names ORDER BY uid');

  it('sets one user’s names, says when and by whom, and audits the uid without the names', async () => {
    const view = await names.put('uid-alice', { username: 'alice_w', displayName: 'Alice Wong' }, origin);

    expect(view).toEqual({ uid: 'uid-alice', username: 'alice_w', displayName: 'Alice Wong', setAt: '2026-11-21T09:00:00.000Z' });
    expect(await stored(['uid-alice', 'uid-nobody'])).toEqual({ 'uid-alice': { username: 'alice_w', displayName: 'Alice Wong' } });
    const [row] = await storedRows();
    expect(row).toMatchObject({ username_key: 'alice_w', display_name_key: 'alice wong', set_by: ADMIN.id });
    const { events } = await audit.query({});
    expect(events).toEqual([expect.objectContaining({ action: 'user_names.set', target: 'user:uid-alice', outcome: 'ok', actor: ADMIN, requestId: 'req-names', details: { count: 1 } })]);
  });

  it('replaces the names it had: a name left out, null or blank is none, and text is trimmed', async () => {
    await names.put('uid-bob', { username: 'bob', displayName: 'Bob' }, origin);
    clock.advance(60_000);
    await names.put('uid-bob', { displayName: '  Robert  ' }, origin);
    expect(await stored(['uid-bob'])).toEqual({ 'uid-bob': { username: null, displayName: 'Robert' } });

    await names.put('uid-bob', { username: ' ', displayName: null }, origin);
    expect(await stored(['uid-bob'])).toEqual({});
    const [row] = await storedRows();
    expect(row).toMatchObject({ uid: 'uid-bob', username: null, display_name: null, username_key: null, display_name_key: null });
    expect(new Date(row?.set_at as string).toISOString()).toBe('2026-11-21T09:01:00.000Z');
  });

  it('folds the names it searches by: compatibility forms and case', async () => {
    await names.put('uid-fi', { username: 'ＺＯＥ', displayName: 'ﬁona Ünal' }, origin);
    const [row] = await storedRows();
    expect(row).toMatchObject({ username: 'ＺＯＥ', username_key: 'zoe', display_name: 'ﬁona Ünal', display_name_key: 'fiona ünal' });
  });

  it('sets up to 1,000 users in one call, audited once with their count and no names', async () => {
    const users = Array.from({ length: 1_000 }, (_, i) => ({ uid: `bulk-${i}`, username: `user${i}`, displayName: i % 2 === 0 ? `User ${i}` : null }));
    expect(await names.putMany(users, origin)).toEqual({ count: 1_000 });

    const all = await stored(users.map((user) => user.uid));
    expect(Object.keys(all)).toHaveLength(1_000);
    expect(all['bulk-7']).toEqual({ username: 'user7', displayName: null });
    expect(all['bulk-8']).toEqual({ username: 'user8', displayName: 'User 8' });
    const { events } = await audit.query({});
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'user_names.set', target: null, outcome: 'ok', details: { count: 1_000 } });
    expect(JSON.stringify(events[0]?.details)).not.toContain('user7');
  });

  it('replaces users already named within the same call as new ones', async () => {
    await names.put('uid-carol', { username: 'carol' }, origin);
    await names.putMany([{ uid: 'uid-carol', displayName: 'Carol' }, { uid: 'uid-dave', username: 'dave' }], origin);
    expect(await stored(['uid-carol', 'uid-dave'])).toEqual({ 'uid-carol': { username: null, displayName: 'Carol' }, 'uid-dave': { username: 'dave', displayName: null } });
  });

  it('refuses in words that name the field, and stores nothing of a refused call', async () => {
    const cases: Array<[Promise<unknown>, string]> = [
      [names.put('uid-x', { username: 'x'.repeat(101) }, origin), 'username: must be at most 100 characters'],
      [names.put('uid-x', { displayName: 'y'.repeat(201) }, origin), 'displayName: must be at most 200 characters'],
      [names.put('uid-x', { displayName: 'Eve\nAdmin' }, origin), 'displayName: must not contain control characters (line breaks, tabs, direction overrides)'],
      [names.put('uid-x', { displayName: 'evil\u202Egnp.exe' }, origin), 'displayName: must not contain control characters (line breaks, tabs, direction overrides)'],
      [names.put('uid-x', { username: 'nul\u0000' }, origin), 'username: must not contain control characters (line breaks, tabs, direction overrides)'],
      [names.put('uid-x', { username: 42 } as never, origin), 'username: must be text, or null for none'],
      [names.put('uid-x', { display_name: 'Typo' } as never, origin), 'Unrecognized key: "display_name"'],
      [names.put(' ', { username: 'blank' }, origin), 'uid: the user uid is required'],
      [names.put('u'.repeat(201), { username: 'long' }, origin), 'uid: must be at most 200 characters'],
      [names.putMany([], origin), 'users: no users given'],
      [names.putMany(Array.from({ length: 1_001 }, (_, i) => ({ uid: `over-${i}` })), origin), 'users: at most 1000 users at once'],
      [names.putMany([{ uid: 'twice', username: 'a' }, { uid: 'other' }, { uid: 'twice', username: 'b' }], origin), 'users.2.uid: names the user twice a second time: send each uid once'],
      [names.putMany([{ uid: 'fine', username: 'fine' }, { uid: 'bad', username: 'tab\there' }], origin), 'users.1.username: must not contain control characters (line breaks, tabs, direction overrides)'],
    ];
    for (const [attempt, words] of cases) {
      const refused = await refusalOf(attempt);
      expect({ kind: refused.kind, code: refused.code, message: refused.message }).toEqual({ kind: 'invalid_input', code: 'invalid_input', message: words });
    }
    expect(await storedRows()).toEqual([]);
    expect((await audit.query({})).events).toEqual([]);
  });

  it('counts characters, not UTF-16 units: 100 emoji are a username of 100', async () => {
    await names.put('uid-emoji', { username: '😀'.repeat(100) }, origin);
    expect((await stored(['uid-emoji']))['uid-emoji']?.username).toHaveLength(200);
  });

  it('keeps no name when its audit record cannot be written: the call is one transaction', async () => {
    await store.sql.exec('DELETE FROM audit_head');
    await expect(names.putMany([{ uid: 'uid-lost', username: 'lost' }], origin)).rejects.toThrow(/audit_head has no row/);
    await expect(names.put('uid-lost', { username: 'lost' }, origin)).rejects.toThrow(/audit_head has no row/);
    expect(await storedRows()).toEqual([]);
    await store.sql.exec("INSERT INTO audit_head (singleton, last_id, last_hash) VALUES (true, 0, repeat('0', 64))");
  });
});

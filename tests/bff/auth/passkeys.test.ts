import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../bff/src/auth/tokens.ts';
import { storeKinds } from '../../support/test-store.ts';
import type { PasskeyView } from '../../../bff/src/auth/passkeys.ts';
import { addedPasskey, addPasskey, assertionOptions, passkeySignIn, registrationOptions, TEST_ORIGIN } from '../support/passkeys.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';
import { addStaff, type TestStaff } from '../support/staff.ts';
import { createTestApp, SANDBOX_PASSWORD, sessionCookieFrom, type TestApp } from '../support/test-app.ts';

interface Refused {
  error: { code: string; message: string; details?: { reason?: string } };
}

async function refusal(response: Response): Promise<{ status: number; code: string; reason: string | undefined; message: string }> {
  const { error } = (await response.json()) as Refused;
  return { status: response.status, code: error.code, reason: error.details?.reason, message: error.message };
}

describe.each(storeKinds)('passkeys on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const newMember = (): Promise<TestStaff> => addStaff(t, admin, 'manager');

  const audited = (action: string, staffId: string) =>
    t.store.sql.rows<{ outcome: string; details: Record<string, unknown> }>(`SELECT outcome, details FROM audit_events WHERE action = '${action}' AND target = 'staff:${staffId}' ORDER BY id`);

  it('registers several named passkeys for the console as relying party, lists, renames and removes them', async () => {
    const member = await newMember();
    const options = (await registrationOptions(t, member.cookie)) as unknown as { rp: { id: string; name: string }; user: { name: string }; challenge: string };
    expect(options.rp).toEqual({ id: 'localhost', name: 'Plat Console' });
    expect(options.user.name).toBe(member.email);

    const phone = await addedPasskey(t, member.cookie, new SoftAuthenticator(TEST_ORIGIN), { name: 'Phone' });
    t.clock.advance(1_000);
    const laptop = await addedPasskey(t, member.cookie, new SoftAuthenticator(TEST_ORIGIN), { name: '  Laptop ', passwordless: true });
    expect(laptop).toMatchObject({ name: 'Laptop', passwordless: true, lastUsedAt: null });

    const listed = await t.request('GET', '/api/me/passkeys', { cookie: member.cookie });
    expect(((await listed.json()) as { passkeys: PasskeyView[] }).passkeys.map((passkey) => passkey.name)).toEqual(['Phone', 'Laptop']);

    const renamed = await t.request('PATCH', `/api/me/passkeys/${phone.id}`, { cookie: member.cookie, body: { name: 'Work phone' } });
    expect(((await renamed.json()) as { passkey: PasskeyView }).passkey).toMatchObject({ name: 'Work phone', passwordless: false });

    // Another member's passkey is not theirs to change or remove.
    const other = await newMember();
    expect((await t.request('PATCH', `/api/me/passkeys/${phone.id}`, { cookie: other.cookie, body: { name: 'Mine' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/me/passkeys/${phone.id}`, { cookie: other.cookie })).status).toBe(404);

    expect((await t.request('DELETE', `/api/me/passkeys/${phone.id}`, { cookie: member.cookie })).status).toBe(204);
    const left = (await (await t.request('GET', '/api/me/passkeys', { cookie: member.cookie })).json()) as { passkeys: PasskeyView[] };
    expect(left.passkeys.map((passkey) => passkey.name)).toEqual(['Laptop']);

    expect((await audited('passkey.add', member.id)).map((row) => [row.outcome, row.details.name])).toEqual([
      ['ok', 'Phone'],
      ['ok', 'Laptop'],
    ]);
    expect((await audited('passkey.change', member.id))[0]?.details).toMatchObject({ from: { name: 'Phone' }, to: { name: 'Work phone' } });
    expect((await audited('passkey.remove', member.id))[0]?.details).toMatchObject({ name: 'Work phone' });
  });

  it('refuses a new passkey made for another origin, for a used challenge, or for another session’s challenge; each audited', async () => {
    const member = await newMember();
    // Options given to another session of the same member, before any passkey (later ones would ask for a step-up there).
    const elsewhere = await registrationOptions(t, await t.signIn(member.email));
    const wrongOrigin = await addPasskey(t, member.cookie, new SoftAuthenticator(TEST_ORIGIN), { ceremony: { origin: 'https://console.example.evil' } });
    expect(await refusal(wrongOrigin)).toMatchObject({ status: 422, code: 'invalid_passkey', reason: 'wrong_origin' });

    const options = await registrationOptions(t, member.cookie);
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    const first = await t.request('POST', '/api/me/passkeys', { cookie: member.cookie, body: { name: 'First', response: authenticator.register(options) } });
    expect(first.status).toBe(201);
    const again = await t.request('POST', '/api/me/passkeys', { cookie: member.cookie, body: { name: 'Again', response: authenticator.register(options) } });
    expect(await refusal(again)).toMatchObject({ status: 422, reason: 'challenge' });

    // The same member's other session's challenge cannot be answered in this one.
    const crossed = await t.request('POST', '/api/me/passkeys', { cookie: member.cookie, body: { name: 'Crossed', response: authenticator.register(elsewhere) } });
    expect(await refusal(crossed)).toMatchObject({ status: 422, reason: 'challenge' });

    expect((await audited('passkey.add', member.id)).map((row) => [row.outcome, row.details.reason ?? null])).toEqual([
      ['failed', 'wrong_origin'],
      ['ok', null],
      ['failed', 'challenge'],
      ['failed', 'challenge'],
    ]);
  });

  it('refuses a challenge answered after it expired', async () => {
    const member = await newMember();
    const options = await registrationOptions(t, member.cookie);
    t.clock.advance(3 * 60_000 + 1);
    const late = await t.request('POST', '/api/me/passkeys', { cookie: member.cookie, body: { name: 'Late', response: new SoftAuthenticator(TEST_ORIGIN).register(options) } });
    expect(await refusal(late)).toMatchObject({ status: 422, reason: 'challenge' });
  });

  it('signs in with a passwordless passkey alone, once per challenge, and refuses a replayed answer', async () => {
    const member = await newMember();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    await addedPasskey(t, member.cookie, authenticator, { name: 'Laptop', passwordless: true });

    const options = await assertionOptions(t);
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = authenticator.sign(options);
    const signedIn = await passkeySignIn(t, answer);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ staff: { id: member.id, email: member.email }, permissions: expect.arrayContaining(['rewards:pay']), secondFactor: { state: 'verified', enrolled: { passkeys: 1 } } });
    const cookie = sessionCookieFrom(signedIn);
    const me = await t.request('GET', '/api/session', { cookie });
    expect(((await me.json()) as { staff: { id: string } }).staff.id).toBe(member.id);
    // Both factors at once: the session starts with its second factor checked (no step-up asked at once).
    const [session] = await t.store.sql.rows<{ second_factor: string }>(`SELECT second_factor FROM sessions WHERE id_hash = '${hashToken(cookie.split('=')[1] ?? '')}'`);
    expect(session?.second_factor).toBe('verified');

    expect(await refusal(await passkeySignIn(t, answer))).toMatchObject({ status: 401, code: 'invalid_passkey', reason: 'challenge' });

    const listed = (await (await t.request('GET', '/api/me/passkeys', { cookie: member.cookie })).json()) as { passkeys: PasskeyView[] };
    expect(listed.passkeys[0]?.lastUsedAt).toBe(t.clock.now().toISOString());
    const signIns = await t.store.sql.rows<{ outcome: string; details: Record<string, unknown> }>(
      `SELECT outcome, details FROM audit_events WHERE action = 'session.sign_in' AND details->>'method' = 'passkey' AND (target = 'staff:${member.id}' OR target IS NULL) ORDER BY id`,
    );
    expect(signIns.slice(-2).map((row) => [row.outcome, row.details.name ?? row.details.reason])).toEqual([
      ['ok', 'Laptop'],
      ['failed', 'challenge'],
    ]);
  });

  it('refuses a sign-in signed for another origin, without the person verified, or by a passkey not set up for it', async () => {
    const member = await newMember();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    const passkey = await addedPasskey(t, member.cookie, authenticator, { name: 'Key' });

    expect(await refusal(await passkeySignIn(t, authenticator.sign(await assertionOptions(t))))).toMatchObject({ status: 401, reason: 'not_passwordless' });

    await t.request('PATCH', `/api/me/passkeys/${passkey.id}`, { cookie: member.cookie, body: { passwordless: true } });
    const elsewhere = authenticator.sign(await assertionOptions(t), { origin: 'http://localhost.evil' });
    expect(await refusal(await passkeySignIn(t, elsewhere))).toMatchObject({ status: 401, reason: 'wrong_origin' });
    const unverified = authenticator.sign(await assertionOptions(t), { userVerified: false });
    expect(await refusal(await passkeySignIn(t, unverified))).toMatchObject({ status: 401, reason: 'not_verified' });
    expect((await passkeySignIn(t, authenticator.sign(await assertionOptions(t)))).status).toBe(200);
  });

  it('refuses a counter that does not move forward, and takes an authenticator that keeps none', async () => {
    const member = await newMember();
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    await addedPasskey(t, member.cookie, authenticator, { passwordless: true });
    const first = authenticator.sign(await assertionOptions(t));
    expect((await passkeySignIn(t, first)).status).toBe(200);
    // A copy of the authenticator, made before that use, signs with the same counter again.
    authenticator.setCounter(first.id, 0);
    const cloned = authenticator.sign(await assertionOptions(t));
    expect(await refusal(await passkeySignIn(t, cloned))).toMatchObject({ status: 401, reason: 'replayed' });
    expect((await passkeySignIn(t, authenticator.sign(await assertionOptions(t)))).status).toBe(200);

    const counterless = new SoftAuthenticator(TEST_ORIGIN, 0);
    await addedPasskey(t, member.cookie, counterless, { passwordless: true });
    for (let use = 0; use < 2; use += 1) expect((await passkeySignIn(t, counterless.sign(await assertionOptions(t)))).status).toBe(200);
  });

  it('completes a sign-in and a step-up with a passkey, once per challenge, only for the session that was given it', async () => {
    const member = await newMember();
    expect(await refusal(await t.request('POST', '/api/session/passkey-options', { cookie: member.cookie }))).toMatchObject({ status: 409, code: 'no_passkeys' });
    const authenticator = new SoftAuthenticator(TEST_ORIGIN);
    const passkey = await addedPasskey(t, member.cookie, authenticator);
    await addedPasskey(t, member.cookie, new SoftAuthenticator(TEST_ORIGIN), { name: 'Spare' });

    const first = await t.request('POST', '/api/session', { body: { email: member.email, password: SANDBOX_PASSWORD } });
    expect(await first.json()).toEqual({ secondFactorRequired: true, methods: ['passkey'] });
    const pending = sessionCookieFrom(first);
    const options = await assertionOptions(t, pending);
    expect(options.allowCredentials).toHaveLength(2);
    const answer = authenticator.sign(options);
    // Another pending session of the same member cannot use this one's challenge.
    const otherPending = sessionCookieFrom(await t.request('POST', '/api/session', { body: { email: member.email, password: SANDBOX_PASSWORD } }));
    expect(await refusal(await t.request('POST', '/api/session/second-factor', { cookie: otherPending, body: { passkey: answer } }))).toMatchObject({ status: 401, code: 'invalid_second_factor', reason: 'challenge' });

    const signedIn = await t.request('POST', '/api/session/second-factor', { cookie: pending, body: { passkey: authenticator.sign(await assertionOptions(t, pending)) } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ staff: { id: member.id }, secondFactor: { state: 'verified', enrolled: { passkeys: 2 } } });
    expect(await refusal(await t.request('POST', '/api/session/step-up', { cookie: pending, body: { passkey: answer } }))).toMatchObject({ status: 401, reason: 'challenge' });

    // Removing a passkey asks for a fresh check once the last one is older than the step-up minutes.
    t.clock.advance(6 * 60_000);
    expect(await refusal(await t.request('DELETE', `/api/me/passkeys/${passkey.id}`, { cookie: pending }))).toMatchObject({ status: 401, code: 'step_up_required' });
    const wrongOrigin = authenticator.sign(await assertionOptions(t, pending), { origin: 'https://phish.example' });
    expect(await refusal(await t.request('POST', '/api/session/step-up', { cookie: pending, body: { passkey: wrongOrigin } }))).toMatchObject({ status: 401, reason: 'wrong_origin', message: expect.stringMatching(/another site/) });
    const steppedUp = await t.request('POST', '/api/session/step-up', { cookie: pending, body: { passkey: authenticator.sign(await assertionOptions(t, pending)) } });
    expect(steppedUp.status).toBe(200);
    expect((await t.request('DELETE', `/api/me/passkeys/${passkey.id}`, { cookie: pending })).status).toBe(204);

    const audited = await t.store.sql.rows<{ action: string; outcome: string; details: Record<string, unknown> }>(
      `SELECT action, outcome, details FROM audit_events WHERE action IN ('session.second_factor', 'session.step_up') AND target = 'staff:${member.id}' ORDER BY id`,
    );
    expect(audited.map((row) => [row.action, row.outcome, row.details.method, row.details.reason ?? null])).toEqual([
      ['session.second_factor', 'failed', 'passkey', 'challenge'],
      ['session.second_factor', 'ok', 'passkey', null],
      ['session.step_up', 'failed', 'passkey', 'challenge'],
      ['session.step_up', 'failed', 'passkey', 'wrong_origin'],
      ['session.step_up', 'ok', 'passkey', null],
    ]);
  });

  it('removes all of a member’s passkeys when an admin resets their second factors', async () => {
    const member = await newMember();
    await addedPasskey(t, member.cookie, new SoftAuthenticator(TEST_ORIGIN));
    const factor = t.services.passkeyFactor;
    expect(await factor.countsOf([member.id], t.store.db)).toEqual(new Map([[member.id, 1]]));
    const reset = await t.request('POST', `/api/staff/${member.id}/second-factors/reset`, { cookie: admin });
    expect(reset.status).toBeLessThan(300);
    expect(await factor.countsOf([member.id], t.store.db)).toEqual(new Map());
  });

  it('refuses malformed answers with words, never a 500', async () => {
    const member = await newMember();
    const garbled = await t.request('POST', '/api/me/passkeys', { cookie: member.cookie, body: { name: 'X', response: { id: 'abc', rawId: 'abc', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'bm90IGpzb24', attestationObject: 'AAAA' } } } });
    expect(await refusal(garbled)).toMatchObject({ status: 422, reason: 'malformed' });
    const unknownKey = await passkeySignIn(t, { id: 'abc', rawId: 'abc', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, extra: 1 });
    expect(unknownKey.status).toBe(400);
    const stranger = new SoftAuthenticator(TEST_ORIGIN);
    stranger.register(await registrationOptions(t, member.cookie));
    expect(await refusal(await passkeySignIn(t, stranger.sign(await assertionOptions(t))))).toMatchObject({ status: 401, reason: 'unknown_passkey' });
  });
});

describe('the relying party in live mode', () => {
  it('is the console’s public URL, and passkeys wait for one', async () => {
    const withUrl = await createTestApp('pglite', { mode: 'live', publicUrl: 'https://console.example.com' });
    const withoutUrl = await createTestApp('pglite', { mode: 'live' });
    try {
      const options = (await registrationOptions(withUrl, await withUrl.signInAs('support'))) as unknown as { rp: { id: string } };
      expect(options.rp.id).toBe('console.example.com');
      const refused = await withoutUrl.request('POST', '/api/me/passkeys/options', { cookie: await withoutUrl.signInAs('support') });
      expect(await refusal(refused)).toMatchObject({ status: 409, code: 'passkeys_need_public_url' });
    } finally {
      await Promise.all([withUrl.close(), withoutUrl.close()]);
    }
  });
});

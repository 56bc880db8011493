import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../../support/test-store.ts';
import { authenticatorCode, enrolTotp, signInWithTotp, STEP_MS, stepUp } from '../support/second-factors.ts';
import { addStaff, type TestStaff } from '../support/staff.ts';
import { createTestApp, SANDBOX_PASSWORD, sessionCookieFrom, type TestApp } from '../support/test-app.ts';

interface ErrorBody {
  error: { code: string; message: string };
}

interface SessionBody {
  staff: { email: string };
  secondFactor: { state: string; enrolled: { totp: boolean; passkeys: number; recoveryCodesLeft: number }; required: boolean; enrolBy: string | null; mustEnrol: boolean; stepUpUntil: string | null };
}

describe.each(storeKinds)('second factors on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const passwordStep = async (email: string) => {
    const response = await t.request('POST', '/api/session', { body: { email, password: SANDBOX_PASSWORD } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookie: response.status === 200 ? sessionCookieFrom(response) : '' };
  };
  const secondStep = async (cookie: string, body: Record<string, string>) => {
    const response = await t.request('POST', '/api/session/second-factor', { cookie, body });
    return { status: response.status, body: (await response.json()) as ErrorBody & SessionBody, retryAfter: response.headers.get('retry-after') };
  };
  const auditRows = (action: string, member: TestStaff) =>
    t.store.sql.rows<{ outcome: string; details: Record<string, unknown> }>(`SELECT outcome, details FROM audit_events WHERE action = '${action}' AND target = 'staff:${member.id}' ORDER BY id`);

  it('adds an authenticator app only with a right first code, answers ten recovery codes once, and keeps no secret in the audit log', async () => {
    const member = await addStaff(t, admin, 'ops');
    const first = await t.request('POST', '/api/me/totp', { cookie: member.cookie });
    expect(first.status).toBe(200);
    const { secret: replaced } = (await first.json()) as { secret: string };
    const again = await t.request('POST', '/api/me/totp', { cookie: member.cookie });
    const { secret, uri } = (await again.json()) as { secret: string; uri: string };
    expect(secret).not.toBe(replaced);
    expect(uri).toContain(`secret=${secret}`);
    expect(decodeURIComponent(uri)).toContain(`Plat Console:${member.email}`);

    const now = t.clock.now();
    const wrong = await t.request('POST', '/api/me/totp/confirm', { cookie: member.cookie, body: { code: authenticatorCode(replaced, now) === authenticatorCode(secret, now) ? '000000' : authenticatorCode(replaced, now) } });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as ErrorBody).error.code).toBe('wrong_code');

    const confirmed = await t.request('POST', '/api/me/totp/confirm', { cookie: member.cookie, body: { code: authenticatorCode(secret, now) } });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const stored = await t.store.sql.rows<{ code_hash: string }>(`SELECT code_hash FROM recovery_codes WHERE staff_id = '${member.id}'`);
    expect(stored).toHaveLength(10);
    expect(stored.some((row) => recoveryCodes.some((code) => row.code_hash.includes(code) || row.code_hash.includes(code.replace(/-/g, ''))))).toBe(false);

    const session = (await (await t.request('GET', '/api/session', { cookie: member.cookie })).json()) as SessionBody;
    expect(session.secondFactor).toMatchObject({ state: 'verified', enrolled: { totp: true, passkeys: 0, recoveryCodesLeft: 10 }, required: true, enrolBy: null, mustEnrol: false });
    expect(Date.parse(session.secondFactor.stepUpUntil ?? '')).toBe(now.getTime() + 5 * 60_000);

    const third = await t.request('POST', '/api/me/totp', { cookie: member.cookie });
    expect(third.status).toBe(409);
    expect(((await third.json()) as ErrorBody).error.code).toBe('totp_enrolled');

    expect((await auditRows('totp.start', member)).map((row) => row.outcome)).toEqual(['ok', 'ok', 'refused']);
    expect((await auditRows('totp.confirm', member)).map((row) => row.outcome)).toEqual(['failed', 'ok']);
    const everything = JSON.stringify(await t.store.sql.rows('SELECT details, target FROM audit_events'));
    for (const leak of [secret, replaced, ...recoveryCodes]) expect(everything).not.toContain(leak);
  });

  it('signs in in two steps: the password alone gives a session that can only finish signing in', async () => {
    const member = await addStaff(t, admin, 'manager');
    const { secret } = await enrolTotp(t, member.cookie);

    const password = await passwordStep(member.email);
    expect(password.status).toBe(200);
    expect(password.body).toEqual({ secondFactorRequired: true, methods: ['totp', 'recovery'] });
    const pending = password.cookie;
    const probe = (await (await t.request('GET', '/api/session', { cookie: pending })).json()) as SessionBody;
    expect(probe.secondFactor.state).toBe('pending');
    for (const [method, path, body] of [['GET', '/api/rewards'], ['GET', '/api/me/sessions'], ['POST', '/api/me/totp'], ['POST', '/api/session/step-up', { code: '123456' }]] as const) {
      const refused = await t.request(method, path, { cookie: pending, body });
      expect(refused.status, `${method} ${path}`).toBe(401);
      expect(((await refused.json()) as ErrorBody).error.code).toBe('second_factor_required');
    }

    const wrongCode = authenticatorCode(secret, new Date(t.clock.now().getTime() + 10 * STEP_MS));
    const wrong = await secondStep(pending, { code: wrongCode === authenticatorCode(secret, t.clock.now()) ? '000000' : wrongCode });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_second_factor');

    const code = authenticatorCode(secret, t.clock.now());
    const done = await secondStep(pending, { code });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ staff: { email: member.email }, secondFactor: { state: 'verified' } });
    expect((await t.request('GET', '/api/rewards', { cookie: pending })).status).toBe(200);
    expect((await secondStep(pending, { code })).body.error.code).toBe('second_factor_not_pending');

    expect((await auditRows('session.second_factor', member)).map((row) => [row.outcome, row.details])).toEqual([
      ['failed', { method: 'totp', reason: 'wrong' }],
      ['ok', { method: 'totp' }],
    ]);
  });

  it('refuses a code used once, even within its window, and an earlier step’s code after a later one', async () => {
    const member = await addStaff(t, admin, 'ops');
    const { secret } = await enrolTotp(t, member.cookie);
    const now = t.clock.now();
    const current = authenticatorCode(secret, now);
    await signInWithTotp(t, member.email, secret);
    t.clock.advance(-STEP_MS);

    const replay = await secondStep((await passwordStep(member.email)).cookie, { code: current });
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toMatch(/used already/);

    // A code of the next step (within the window) is taken; then the current step's, never used, is refused: it is earlier.
    t.clock.advance(STEP_MS);
    const next = authenticatorCode(secret, new Date(t.clock.now().getTime() + STEP_MS));
    expect((await secondStep((await passwordStep(member.email)).cookie, { code: next })).status).toBe(200);
    const earlier = authenticatorCode(secret, t.clock.now());
    const older = await secondStep((await passwordStep(member.email)).cookie, { code: earlier === next ? '000000' : earlier });
    expect(older.status).toBe(401);
    const reasons = (await auditRows('session.second_factor', member)).filter((row) => row.outcome === 'failed').map((row) => row.details.reason);
    expect(reasons).toEqual(['reused', 'reused']);
  });

  it('takes each recovery code once, as typed in any case and without its dashes', async () => {
    const member = await addStaff(t, admin, 'support');
    const { recoveryCodes } = await enrolTotp(t, member.cookie);
    const [first = '', second = ''] = recoveryCodes;

    const used = await secondStep((await passwordStep(member.email)).cookie, { recoveryCode: first });
    expect(used.status).toBe(200);
    expect(used.body.secondFactor.enrolled.recoveryCodesLeft).toBe(9);
    const again = await secondStep((await passwordStep(member.email)).cookie, { recoveryCode: first });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('invalid_second_factor');
    const typed = await secondStep((await passwordStep(member.email)).cookie, { recoveryCode: ` ${second.replace(/-/g, '').toUpperCase()} ` });
    expect(typed.status).toBe(200);
    expect((await auditRows('session.second_factor', member)).map((row) => [row.outcome, row.details])).toEqual([
      ['ok', { method: 'recovery' }],
      ['failed', { method: 'recovery', reason: 'reused' }],
      ['ok', { method: 'recovery' }],
    ]);
  });

  it('refuses malformed and mixed input in words, audited, never with a 500', async () => {
    const member = await addStaff(t, admin, 'ops');
    await enrolTotp(t, member.cookie);
    const pending = (await passwordStep(member.email)).cookie;
    const malformed = await secondStep(pending, { code: '12ab56' });
    expect(malformed.status).toBe(401);
    expect(malformed.body.error.message).toMatch(/6 digits/);
    expect((await t.request('POST', '/api/session/second-factor', { cookie: pending, body: { code: '123456', recoveryCode: 'abcd' } })).status).toBe(400);
    expect((await t.request('POST', '/api/session/second-factor', { cookie: pending, body: { code: '123456', extra: true } })).status).toBe(400);
    expect((await t.request('POST', '/api/session/second-factor', { cookie: pending, body: {} })).status).toBe(400);
    expect((await auditRows('session.second_factor', member)).map((row) => row.details.reason)).toEqual(['malformed']);
  });

  it('counts wrong codes as wrong passwords: after three, even the right code and the right password wait', async () => {
    const member = await addStaff(t, admin, 'manager');
    const { secret } = await enrolTotp(t, member.cookie);
    const pending = (await passwordStep(member.email)).cookie;
    for (let i = 0; i < 3; i++) expect((await secondStep(pending, { code: '000000' === authenticatorCode(secret, t.clock.now()) ? '111111' : '000000' })).status).toBe(401);

    const held = await secondStep(pending, { code: authenticatorCode(secret, t.clock.now()) });
    expect(held.status).toBe(429);
    expect(held.body.error.code).toBe('too_many_attempts');
    expect(Number(held.retryAfter)).toBe(1);
    // A right password does not reset the count of wrong codes: it is held back as well.
    expect((await passwordStep(member.email)).status).toBe(429);

    t.clock.advance(1_000);
    const fresh = (await passwordStep(member.email)).cookie;
    expect((await secondStep(fresh, { code: authenticatorCode(secret, t.clock.now()) })).status).toBe(200);
    expect((await auditRows('session.second_factor', member)).map((row) => row.outcome)).toEqual(['failed', 'failed', 'failed', 'denied', 'ok']);
  });

  it('ends a session still waiting for its second factor after five minutes', async () => {
    const member = await addStaff(t, admin, 'ops');
    const { secret } = await enrolTotp(t, member.cookie);
    const pending = (await passwordStep(member.email)).cookie;
    t.clock.advance(5 * 60_000);
    const late = await secondStep(pending, { code: authenticatorCode(secret, t.clock.now()) });
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('signed_out');
  });

  it('steps up with a fresh code, refuses a wrong one (audited, counted), and says until when it holds', async () => {
    const member = await addStaff(t, admin, 'manager');
    const { secret } = await enrolTotp(t, member.cookie);
    const cookie = await signInWithTotp(t, member.email, secret);
    t.clock.advance(10 * 60_000);
    expect(((await (await t.request('GET', '/api/session', { cookie })).json()) as SessionBody).secondFactor.state).toBe('verified');

    const wrong = await t.request('POST', '/api/session/step-up', { cookie, body: { code: '000000' === authenticatorCode(secret, t.clock.now()) ? '111111' : '000000' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ErrorBody).error.code).toBe('invalid_second_factor');
    const at = t.clock.now();
    const renewed = await stepUp(t, cookie, secret);
    expect(renewed.status).toBe(200);
    expect(await renewed.json()).toEqual({ stepUpUntil: new Date(at.getTime() + 5 * 60_000).toISOString() });
    expect((await auditRows('session.step_up', member)).map((row) => [row.outcome, row.details])).toEqual([
      ['failed', { method: 'totp', reason: 'wrong' }],
      ['ok', { method: 'totp' }],
    ]);
    const failures = await t.store.sql.rows<{ failures: number }>(`SELECT failures FROM sign_in_failures WHERE key = 'account:${member.email}'`);
    expect(failures).toEqual([]);
  });

  it('makes new recovery codes in place of the old, and removes the app after a step-up, recovery codes with it', async () => {
    const member = await addStaff(t, admin, 'ops');
    const { secret, recoveryCodes: old } = await enrolTotp(t, member.cookie);
    const renewed = await t.request('POST', '/api/me/recovery-codes', { cookie: member.cookie });
    expect(renewed.status).toBe(200);
    const { recoveryCodes } = (await renewed.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect((await secondStep((await passwordStep(member.email)).cookie, { recoveryCode: old[0] ?? '' })).status).toBe(401);

    t.clock.advance(5 * 60_000);
    const stale = await t.request('DELETE', '/api/me/totp', { cookie: member.cookie });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as ErrorBody).error.code).toBe('step_up_required');
    expect((await stepUp(t, member.cookie, secret)).status).toBe(200);
    expect((await t.request('DELETE', '/api/me/totp', { cookie: member.cookie })).status).toBe(204);

    const after = (await (await t.request('GET', '/api/session', { cookie: member.cookie })).json()) as SessionBody;
    expect(after.secondFactor.enrolled).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    expect(after.secondFactor.stepUpUntil).toBeNull();
    // Without a second factor the password is enough again, and nothing asks for a step-up.
    const signedIn = await passwordStep(member.email);
    expect(signedIn.body).toMatchObject({ staff: { email: member.email }, secondFactor: { state: 'none' } });
    expect((await t.request('POST', '/api/me/recovery-codes', { cookie: signedIn.cookie })).status).toBe(409);
    expect((await t.request('DELETE', '/api/me/totp', { cookie: signedIn.cookie })).status).toBe(404);
    expect((await auditRows('totp.remove', member)).map((row) => [row.outcome, row.details])).toEqual([['ok', { recoveryCodesRemoved: true }]]);
    expect((await auditRows('recovery_codes.generate', member)).map((row) => row.outcome)).toEqual(['ok']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInThrottle } from '../../../bff/src/auth/sign-in-throttle.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

async function attempt(t: TestApp, email: string, password: string) {
  const response = await t.request('POST', '/api/session', { body: { email, password } });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { error?: { code: string } } };
}

describe.each(storeKinds)('sign-in throttling on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('delays an account after repeated failures, with growing waits, and audits each', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(t, 'ops@sandbox.local', 'wrong password!')).status).toBe(401);
    const blocked = await attempt(t, 'ops@sandbox.local', 'sandbox-password-for-tests');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error?.code).toBe('too_many_attempts');
    expect(Number(blocked.retryAfter)).toBe(1);

    t.clock.advance(1_000);
    expect((await attempt(t, 'ops@sandbox.local', 'wrong password!')).status).toBe(401);
    const longer = await attempt(t, 'ops@sandbox.local', 'wrong password!');
    expect(longer.status).toBe(429);
    expect(Number(longer.retryAfter)).toBe(2);

    t.clock.advance(2_000);
    expect((await attempt(t, 'ops@sandbox.local', 'sandbox-password-for-tests')).status).toBe(200);
    // Success clears the account's count.
    expect((await attempt(t, 'ops@sandbox.local', 'wrong password!')).status).toBe(401);

    const audited = await t.store.sql.rows<{ outcome: string }>(
      "SELECT outcome FROM audit_events WHERE action = 'session.sign_in' AND target = 'staff:ops@sandbox.local'",
    );
    expect(audited.filter((row) => row.outcome === 'failed').length).toBeGreaterThanOrEqual(5);
    expect(audited.filter((row) => row.outcome === 'denied').length).toBe(2);
  });

  it('throttles an unknown email exactly like a known one', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(t, 'ghost@sandbox.local', 'wrong password!')).status).toBe(401);
    expect((await attempt(t, 'ghost@sandbox.local', 'wrong password!')).status).toBe(429);
  });

  it('throttles a client address across accounts, later than one account', async () => {
    const throttle = new SignInThrottle(t.store.db, t.clock);
    for (let i = 0; i < 9; i++) await throttle.recordFailure(`user${i}@example.com`, '203.0.113.7');
    expect(await throttle.waitFor('fresh@example.com', '203.0.113.7')).toBe(0);
    await throttle.recordFailure('user9@example.com', '203.0.113.7');
    expect(await throttle.waitFor('fresh@example.com', '203.0.113.7')).toBe(1_000);
    expect(await throttle.waitFor('fresh@example.com', '198.51.100.1')).toBe(0);
  });
});

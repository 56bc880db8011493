import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDTO } from '../../emulator/src/dto.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { ControlUser, Harness } from '../support/emulator-control.ts';

let h: Harness;
let user: ControlUser;

beforeAll(async () => {
  h = await startHarness();
  user = await h.createUser({ username: 'alice' });
});
afterAll(() => h.close());

describe('GET /v2/me', () => {
  it('returns the UserDTO for a valid Bearer token', async () => {
    const reply = await h.request<UserDTO>('GET', '/v2/me', { auth: `Bearer ${user.access_token}` });
    expect(reply.status).toBe(200);
    const me = reply.json;
    expect(me.uid).toBe(user.uid);
    expect(me.username).toBe('alice');
    expect(me.credentials.scopes).toEqual(['username', 'payments', 'wallet_address']);
    expect(me.credentials.valid_until.timestamp).toBeGreaterThan(Date.now() / 1000);
    expect(new Date(me.credentials.valid_until.iso8601).getTime()).toBe(me.credentials.valid_until.timestamp * 1000);
  });

  it('omits username without the username scope', async () => {
    const quiet = await h.createUser({ scopes: ['payments'] });
    const me = await h.request<UserDTO>('GET', '/v2/me', { auth: `Bearer ${quiet.access_token}` });
    expect(me.status).toBe(200);
    expect(me.json).not.toHaveProperty('username');
    expect(me.json.credentials.scopes).toEqual(['payments']);
  });

  it.each([
    ['no header', null],
    ['another scheme', 'Basic YWxpY2U6c2VjcmV0'],
    ['an unknown token', 'Bearer not-a-real-token'],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 with %s', async (_name, auth) => {
    const reply = await h.request('GET', '/v2/me', { auth });
    expect(reply.status).toBe(401);
    expect(reply.json.error).toBe('invalid_token');
  });

  it('answers 401 to a tampered token (one character changed)', async () => {
    const last = user.access_token.at(-1) === 'a' ? 'b' : 'a';
    const reply = await h.request('GET', '/v2/me', { auth: `Bearer ${user.access_token.slice(0, -1)}${last}` });
    expect(reply.status).toBe(401);
  });

  it('answers 401 to the server key on /me', async () => {
    const reply = await h.request('GET', '/v2/me', { auth: `Key ${h.emulator.key}` });
    expect(reply.status).toBe(401);
    expect(reply.json.error).toBe('invalid_token');
    expect(reply.json.error_message).toMatch(/Bearer/);
  });
});

describe('server key on payment, ad and control routes', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/v2/payments/incomplete_server_payments'],
    ['GET', '/v2/payments/abc'],
    ['POST', '/v2/payments'],
    ['POST', '/v2/payments/abc/approve'],
    ['POST', '/v2/payments/abc/complete'],
    ['POST', '/v2/payments/abc/cancel'],
    ['GET', '/v2/ads_network/status/abc'],
    ['GET', '/__control/config'],
    ['POST', '/__control/users'],
  ];

  it.each(routes)('%s %s needs the key', async (method, path) => {
    for (const auth of [null, 'Key wrong-key', `Bearer ${user.access_token}`, h.emulator.key, `Key ${h.emulator.key}x`]) {
      const reply = await h.request(method, path, { auth });
      expect(reply.status, `${method} ${path} with ${String(auth)}`).toBe(401);
      expect(reply.json.error).toBe('invalid_key');
    }
  });

  it('explains that a Bearer token is the wrong credential', async () => {
    const reply = await h.request('GET', '/v2/payments/abc', { auth: `Bearer ${user.access_token}` });
    expect(reply.json.error_message).toMatch(/server API key/);
  });

  it('accepts the key scheme case-insensitively', async () => {
    const reply = await h.request('GET', '/v2/payments/incomplete_server_payments', { auth: `key ${h.emulator.key}` });
    expect(reply.status).toBe(200);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/v2/nothing-here'],
    ['GET', '/v2/payments/'],
    ['GET', '/v2/payments//complete'],
    ['POST', '/v2/payments//complete'],
    ['POST', '/v2/payments//approve'],
    ['GET', '/nothing'],
    ['GET', '/__control/nothing'],
  ])('%s %s → 404 JSON', async (method, path) => {
    const reply = await h.request(method, path);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(reply.json).toEqual({ error: expect.any(String), error_message: expect.any(String) });
  });
});

describe('emulator options', () => {
  it('uses the given key and network, and a generated key is long', async () => {
    const custom = await startHarness({ key: 'my-test-key', network: 'Plat Network' });
    try {
      expect(custom.emulator.key).toBe('my-test-key');
      expect(custom.emulator.url).toBe(`${custom.emulator.origin}/v2`);
      expect(custom.emulator.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const buyer = await custom.createUser();
      expect((await custom.createA2U(buyer.uid)).network).toBe('Plat Network');
    } finally {
      await custom.close();
    }
    expect(h.emulator.key.length).toBeGreaterThanOrEqual(40);
  });

  it('close() is idempotent and frees the port', async () => {
    const other = await startHarness();
    await other.close();
    await other.close();
    await expect(fetch(`${other.emulator.origin}/v2/me`)).rejects.toThrow();
  });
});

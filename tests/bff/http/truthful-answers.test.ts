import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Answers that say what happened: the right message, one status per refusal, no silently repaired bodies. */
describe('truthful answers', () => {
  let t: TestApp;
  let ops: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    ops = await t.signInAs('ops');
  });
  afterAll(() => t.close());

  it.each([
    [{ reason: 'x'.repeat(501) }, 'reason: must be at most 500 characters'],
    [{ reason: 5 }, 'reason: must be text'],
    [{ reason: '   ' }, 'reason: a reason is required'],
    [{}, 'reason: a reason is required'],
  ])('says what is wrong with the cancel body %#', async (body, message) => {
    const payment = await newA2U(t);
    const response = await t.request('POST', `/api/payments/${payment.identifier}/cancel`, { cookie: ops, body });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  const rawCancel = (id: string, body: Uint8Array<ArrayBuffer>) =>
    t.app.request(`/api/payments/${id}/cancel`, {
      method: 'POST',
      headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', cookie: ops },
      body,
    });
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it.each([
    ['a byte-order mark', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('{"reason":"dup"}')])],
    ['invalid UTF-8', new Uint8Array([...utf8('{"reason":"d'), 0xff, 0xfe, ...utf8('p"}')])],
    ['a lone surrogate', utf8('{"reason":"d\\ud800p"}')],
  ])('refuses a JSON body with %s, and the platform is not called', async (_what, body) => {
    const payment = await newA2U(t);
    const response = await rawCancel(payment.identifier, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toMatch(/invalid_body|invalid_input/);
    expect((await t.platform.getPayment(payment.identifier)).status.cancelled).toBe(false);
  });
});

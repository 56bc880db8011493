import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDTO } from '../../emulator/src/dto.ts';
import { startHarness } from '../support/emulator-control.ts';
import type { Harness } from '../support/emulator-control.ts';

let h: Harness;
let paymentPath: string;

beforeAll(async () => {
  h = await startHarness();
  const user = await h.createUser();
  paymentPath = `/v2/payments/${(await h.createA2U(user.uid)).identifier}`;
});
afterEach(() => h.ok('DELETE', '/__control/faults'));
afterAll(() => h.close());

const setFaults = (faults: unknown[]) => h.ok('PUT', '/__control/faults', { faults });
const get = (path: string, signal?: AbortSignal) =>
  fetch(`${h.emulator.origin}${path}`, { headers: { authorization: `Key ${h.emulator.key}` }, signal });

describe('fault kinds, as a plain fetch client sees them', () => {
  it('latency delays, then answers normally', async () => {
    await setFaults([{ route: 'GET /v2/payments/*', kind: 'latency', latencyMs: 200 }]);
    const started = performance.now();
    const response = await get(paymentPath);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(response.status).toBe(200);
  });

  it('error answers the chosen status with unknown_error', async () => {
    await setFaults([{ route: 'GET /v2/payments/*', kind: 'error', status: 503 }]);
    const response = await get(paymentPath);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'unknown_error', error_message: expect.any(String) });
    await setFaults([{ route: 'GET /v2/payments/*', kind: 'error' }]);
    expect((await get(paymentPath)).status).toBe(500);
  });

  it('rate_limit answers 429 with Retry-After', async () => {
    await setFaults([{ route: 'GET /v2/payments/*', kind: 'rate_limit', retryAfterSeconds: 7 }]);
    const response = await get(paymentPath);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.json()).toMatchObject({ error: 'rate_limited' });
  });

  it('html_500 answers an HTML page', async () => {
    await setFaults([{ route: 'GET /v2/payments/*', kind: 'html_500' }]);
    const response = await get(paymentPath);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await response.text();
    expect(text).toMatch(/<html>/);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('malformed_json answers 200 application/json that does not parse', async () => {
    await setFaults([{ route: 'GET /v2/payments/*', kind: 'malformed_json' }]);
    const response = await get(paymentPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    await expect(response.json()).rejects.toThrow();
  });

  it('drop closes the connection without an answer', async () => {
    await setFaults([{ route: 'GET /v2/payments/*', kind: 'drop' }]);
    await expect(get(paymentPath)).rejects.toThrow(/fetch failed/);
  });

  it('hang never answers until the client gives up', async () => {
    await setFaults([{ route: 'GET /v2/payments/*', kind: 'hang' }]);
    const started = performance.now();
    await expect(get(paymentPath, AbortSignal.timeout(200))).rejects.toThrow(/timeout|aborted/i);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('apply_then_fail changes state, then answers an error', async () => {
    const user = await h.createUser();
    const p = await h.createA2U(user.uid);
    await setFaults([{ route: 'POST /v2/payments/*/cancel', kind: 'apply_then_fail', status: 502 }]);
    const reply = await h.request('POST', `/v2/payments/${p.identifier}/cancel`);
    expect(reply.status).toBe(502);
    expect(reply.json.error).toBe('unknown_error');
    expect((await h.ok<PaymentDTO>('GET', `/v2/payments/${p.identifier}`)).status.cancelled).toBe(true);
  });
});

describe('fault selection', () => {
  it('times limits a fault to the next N matching requests, and GET reports how often and when it fired', async () => {
    await setFaults([{ route: 'GET /v2/payments/*', kind: 'error', status: 503, times: 2 }]);
    const before = Date.now();
    expect((await get(paymentPath)).status).toBe(503);
    expect((await get('/v2/payments/incomplete_server_payments')).status).toBe(503);
    expect((await get(paymentPath)).status).toBe(200);
    const after = Date.now();
    const { faults } = await h.ok<{ faults: Array<{ applied: number; appliedAt: string[] }> }>('GET', '/__control/faults');
    expect(faults).toEqual([{ route: 'GET /v2/payments/*', kind: 'error', status: 503, times: 2, applied: 2, appliedAt: [expect.any(String), expect.any(String)] }]);
    for (const at of faults[0]?.appliedAt ?? []) {
      expect(Date.parse(at)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(at)).toBeLessThanOrEqual(after);
    }
  });

  it('rate 0 never fires', async () => {
    await setFaults([{ route: '/v2/**', kind: 'error', rate: 0 }]);
    for (let i = 0; i < 5; i++) expect((await get(paymentPath)).status).toBe(200);
  });

  it('matches methods, single segments (*) and any rest (**)', async () => {
    await setFaults([
      { route: 'POST /v2/payments/*', kind: 'error', status: 501 },
      { route: '/v2/ads_network/*', kind: 'error', status: 502 },
      { route: '/v2/ads_network/status/**', kind: 'error', status: 503 },
    ]);
    expect((await get(paymentPath)).status).toBe(200);
    expect((await h.request('POST', `${paymentPath}/approve`)).status).toBe(400);
    expect((await get('/v2/ads_network/status/x')).status).toBe(503);
  });

  it('applies latency and then the next matching fault', async () => {
    await setFaults([
      { route: '/v2/**', kind: 'latency', latencyMs: 100 },
      { route: '/v2/**', kind: 'error', status: 504 },
    ]);
    const started = performance.now();
    expect((await get(paymentPath)).status).toBe(504);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });

  it('never touches the control API, but does Horizon', async () => {
    await setFaults([{ route: '/**', kind: 'drop' }]);
    expect((await h.request('GET', '/__control/config')).status).toBe(200);
    await expect(get(`/horizon/transactions/${'0'.repeat(64)}`)).rejects.toThrow();
    await expect(get(paymentPath)).rejects.toThrow();
  });

  it('DELETE clears every fault', async () => {
    await setFaults([{ route: '/v2/**', kind: 'error' }]);
    expect(await h.ok('DELETE', '/__control/faults')).toEqual({ faults: [] });
    expect((await get(paymentPath)).status).toBe(200);
  });

  it.each([
    [{ route: '/v2/**', kind: 'explode' }],
    [{ route: '/v2/**', kind: 'latency' }],
    [{ route: '/v2/**/payments', kind: 'error' }],
    [{ route: 'FETCH /v2/**', kind: 'error' }],
    [{ route: 'v2/payments', kind: 'error' }],
    [{ route: '/v2/**', kind: 'error', status: 200 }],
    [{ route: '/v2/**', kind: 'error', rate: 2 }],
    [{ route: '/v2/**', kind: 'error', times: 0 }],
    [{ route: '/v2/**', kind: 'error', latency_ms: 5 }],
  ])('refuses the fault %j', async (fault) => {
    const reply = await h.request('PUT', '/__control/faults', { body: { faults: [fault] } });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe('invalid_arguments');
  });
});

describe('close()', () => {
  it('ends hanging and delayed requests at once', async () => {
    const other = await startHarness();
    await other.ok('PUT', '/__control/faults', {
      faults: [
        { route: '/v2/me', kind: 'hang' },
        { route: '/v2/payments/**', kind: 'latency', latencyMs: 60_000 },
      ],
    });
    const hanging = fetch(`${other.emulator.url}/me`).then(() => 'answered', () => 'failed');
    const delayed = fetch(`${other.emulator.url}/payments/x`, { headers: { authorization: `Key ${other.emulator.key}` } }).then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await hanging).toBe('failed');
    expect(await delayed).toBe('failed');
  });
});

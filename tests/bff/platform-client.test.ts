import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../bff/src/platform/platform-client.ts';
import { PlatformError } from '../../bff/src/platform/platform-error.ts';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator.ts';
import { clearFaults, control, createUser, setFaults } from '../support/emulator-control.ts';
import { rejectionOf } from '../support/rejection.ts';

let emulator: RunningEmulator;
let client: PlatformClient;

function clientWith(options: { timeoutMs?: number; getRetries?: number; apiKey?: string; maxRetryAfterMs?: number }) {
  return new PlatformClient({ baseUrl: emulator.url, apiKey: emulator.key, retryBaseDelayMs: 5, ...options });
}

const platformError = (promise: Promise<unknown>) => rejectionOf(promise, PlatformError);

async function newA2U(amount = '1.5') {
  const user = await createUser(emulator);
  return client.createPayment({ amount, memo: 'reward', metadata: { ticket: 7 }, uid: user.uid });
}

beforeAll(async () => {
  emulator = await startEmulator({ ongoingRule: 'per_user' });
  client = clientWith({ timeoutMs: 2_000 });
});

afterEach(() => clearFaults(emulator));

afterAll(async () => {
  await client.close();
  await emulator.close();
});

describe('PlatformClient against the emulator', () => {
  it('creates and reads an A2U payment with the amount as an exact decimal string', async () => {
    const created = await newA2U('0.1234567');
    expect(created.amount).toBe('0.1234567');
    expect(created.direction).toBe('app_to_user');
    expect(created.status.developer_approved).toBe(true);
    const read = await client.getPayment(created.identifier);
    expect(read).toEqual(created);
  });

  it('completes a payment once its transaction is verified, and cancels another', async () => {
    const payment = await newA2U();
    const { transaction } = await control<{ transaction: { txid: string } }>(emulator, 'POST', `/payments/${payment.identifier}/transaction`, {});
    const completed = await client.completePayment(payment.identifier, transaction.txid);
    expect(completed.status.developer_completed).toBe(true);

    const other = await newA2U();
    const cancelled = await client.cancelPayment(other.identifier);
    expect(cancelled.status.cancelled).toBe(true);
  });

  it('turns a refusal into a PlatformError with the platform code and the blocking payment', async () => {
    const user = await createUser(emulator);
    const first = await client.createPayment({ amount: '1', memo: 'a', metadata: {}, uid: user.uid });
    const error = await platformError(client.createPayment({ amount: '2', memo: 'b', metadata: {}, uid: user.uid }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('ongoing_payment_found');
    expect(error.payment?.identifier).toBe(first.identifier);
    expect(error.outcomeUnknown).toBe(false);
  });

  it('reports an unknown payment as payment_not_found', async () => {
    const error = await platformError(client.getPayment('unknownpaymentid0000000000000'));
    expect(error.status).toBe(404);
    expect(error.code).toBe('payment_not_found');
  });

  it.each(['', '../x', 'a/b', 'a%2Fb', 'x'.repeat(65), 'incomplete_server_payments'])(
    'refuses the id %j before sending anything',
    async (id) => {
      await setFaults(emulator, [{ route: '/v2/**', kind: 'error', status: 500 }]);
      const error = await platformError(client.getPayment(id));
      expect(error.code).toBe('invalid_id');
      expect(error.status).toBeNull();
      const adError = await platformError(client.getAdStatus(id));
      expect(adError.code).toBe('invalid_id');
    },
  );

  it('lists incomplete server payments and reads ad status', async () => {
    const payment = await newA2U();
    const incomplete = await client.listIncompleteServerPayments();
    expect(incomplete.map((p) => p.identifier)).toContain(payment.identifier);

    const { adId } = await control<{ adId: string }>(emulator, 'POST', '/ads');
    await control(emulator, 'POST', `/ads/${adId}/grant`);
    const status = await client.getAdStatus(adId);
    expect(status.mediator_ack_status).toBe('granted');
    expect(status.mediator_granted_at).not.toBeNull();
  });

  it('reads a user with their access token and rejects a tampered one', async () => {
    const user = await createUser(emulator);
    const me = await client.getMe(user.access_token);
    expect(me.uid).toBe(user.uid);
    const error = await platformError(client.getMe(`${user.access_token}x`));
    expect(error.status).toBe(401);
  });

  it('says when the server key is rejected', async () => {
    const wrongKey = clientWith({ apiKey: 'not-the-key' });
    const error = await platformError(wrongKey.listIncompleteServerPayments());
    expect(error.status).toBe(401);
    await wrongKey.close();
  });
});

describe('PlatformClient under upstream faults', () => {
  it('gives up after its time-out when the upstream hangs', async () => {
    const impatient = clientWith({ timeoutMs: 300, getRetries: 0 });
    await setFaults(emulator, [{ route: 'GET /v2/payments/*', kind: 'hang' }]);
    const started = Date.now();
    const error = await platformError(impatient.getPayment('somepaymentid'));
    expect(error.code).toBe('timeout');
    expect(error.status).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
    await impatient.close();
  });

  it('keeps one deadline for a whole GET, its retries and back-off included', async () => {
    const impatient = clientWith({ timeoutMs: 400, getRetries: 2 });
    await setFaults(emulator, [{ route: 'GET /v2/payments/*', kind: 'latency', latencyMs: 300 }, { route: 'GET /v2/payments/*', kind: 'error', status: 503 }]);
    const slow = Date.now();
    await platformError(impatient.getPayment('somepaymentid'));
    expect(Date.now() - slow).toBeLessThan(750);
    await setFaults(emulator, [{ route: 'GET /v2/payments/*', kind: 'hang' }]);
    const hung = Date.now();
    expect((await platformError(impatient.getPayment('somepaymentid'))).code).toBe('timeout');
    expect(Date.now() - hung).toBeLessThan(750);
    await impatient.close();
  });

  it('retries a GET after 5xx answers and then succeeds', async () => {
    const payment = await newA2U();
    await setFaults(emulator, [{ route: 'GET /v2/payments/*', kind: 'error', status: 503, times: 2 }]);
    const read = await client.getPayment(payment.identifier);
    expect(read.identifier).toBe(payment.identifier);
  });

  it('waits for Retry-After on a 429 and then succeeds', async () => {
    const payment = await newA2U();
    await setFaults(emulator, [{ route: 'GET /v2/payments/*', kind: 'rate_limit', retryAfterSeconds: 1, times: 1 }]);
    const started = Date.now();
    const read = await client.getPayment(payment.identifier);
    expect(read.identifier).toBe(payment.identifier);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('does not wait for a Retry-After longer than it may, and reports the 429', async () => {
    const hurried = clientWith({ maxRetryAfterMs: 100 });
    await setFaults(emulator, [{ route: 'GET /v2/payments/*', kind: 'rate_limit', retryAfterSeconds: 30 }]);
    const error = await platformError(hurried.getPayment('somepaymentid'));
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(30_000);
    await hurried.close();
  });

  it('survives an HTML 500 body', async () => {
    const once = clientWith({ getRetries: 0 });
    await setFaults(emulator, [{ route: 'GET /v2/payments/*', kind: 'html_500' }]);
    const error = await platformError(once.getPayment('somepaymentid'));
    expect(error.status).toBe(500);
    expect(error.code).toBe('unknown_error');
    await once.close();
  });

  it('reports a malformed JSON answer as invalid_response', async () => {
    const once = clientWith({ getRetries: 0 });
    await setFaults(emulator, [{ route: 'GET /v2/payments/*', kind: 'malformed_json' }]);
    const error = await platformError(once.getPayment('somepaymentid'));
    expect(error.code).toBe('invalid_response');
    await once.close();
  });

  it('reports a dropped connection as network_error', async () => {
    const once = clientWith({ getRetries: 0 });
    await setFaults(emulator, [{ route: 'GET /v2/payments/*', kind: 'drop' }]);
    const error = await platformError(once.getPayment('somepaymentid'));
    expect(error.code).toBe('network_error');
    expect(error.status).toBeNull();
    await once.close();
  });

  it('never retries a POST, and marks a 5xx to it as of unknown outcome', async () => {
    const payment = await newA2U();
    await setFaults(emulator, [{ route: 'POST /v2/payments/*/cancel', kind: 'error', status: 503, times: 1 }]);
    const error = await platformError(client.cancelPayment(payment.identifier));
    expect(error.status).toBe(503);
    expect(error.outcomeUnknown).toBe(true);
    // Had the client retried, the one-shot fault would have been used up and the call would have succeeded.
    expect((await client.getPayment(payment.identifier)).status.cancelled).toBe(false);
    expect((await client.cancelPayment(payment.identifier)).status.cancelled).toBe(true);
  });

  it('marks a POST whose answer was lost after it was applied as of unknown outcome', async () => {
    const user = await createUser(emulator);
    await setFaults(emulator, [{ route: 'POST /v2/payments', kind: 'apply_then_fail', times: 1 }]);
    const error = await platformError(client.createPayment({ amount: '3', memo: 'm', metadata: { intent: 'x1' }, uid: user.uid }));
    expect(error.outcomeUnknown).toBe(true);
    const incomplete = await client.listIncompleteServerPayments();
    expect(incomplete.some((p) => p.user_uid === user.uid && p.metadata.intent === 'x1')).toBe(true);
  });
});

describe('PlatformClient with an upstream of the wrong shape', () => {
  let server: Server;
  let odd: PlatformClient;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ identifier: 5, amount: 'lots' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    odd = new PlatformClient({ baseUrl: `http://127.0.0.1:${port}/v2`, apiKey: 'k', getRetries: 0 });
  });

  afterAll(async () => {
    await odd.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('rejects an answer that does not match the PaymentDTO schema', async () => {
    const error = await platformError(odd.getPayment('abc'));
    expect(error.code).toBe('invalid_response');
    expect(error.status).toBe(200);
  });
});

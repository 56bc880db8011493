// The one upstream layer, seen through both of its users (the Platform API's client and Horizon's)
// against the real emulator over HTTP: the same faults, the same behaviour.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HorizonClientOptions } from '../../../bff/src/chain/horizon-client.ts';
import { PlatformClient, type PlatformClientOptions } from '../../../bff/src/platform/platform-client.ts';
import { UpstreamError } from '../../../bff/src/upstream/upstream-error.ts';
import { clearFaults, faultsApplied, setFaults, type FaultAnywhere } from '../../support/emulator-control.ts';
import { startChainFixture, type ChainFixture } from '../chain/chain-fixture.ts';
import { rejectionOf } from '../../support/rejection.ts';

let f: ChainFixture;
let paymentId: string;
const platforms: PlatformClient[] = [];

beforeAll(async () => {
  f = await startChainFixture();
  paymentId = (await f.newPayment()).identifier;
});
afterEach(() => clearFaults(f.emulator));
afterAll(async () => {
  await Promise.all(platforms.map((client) => client.close()));
  await f.close();
});

type Options = Pick<PlatformClientOptions & HorizonClientOptions, 'timeoutMs' | 'getRetries' | 'retryBaseDelayMs' | 'maxRetryAfterMs'>;

interface Side {
  name: string;
  readRoute: string;
  /** A read that succeeds when no fault is set. */
  read(options: Options): Promise<unknown>;
  writeRoute: string;
  /** A write made ready outside the timed part, by a client that would retry reads; `send` makes the one POST. */
  prepareWrite(timeoutMs: number): Promise<{ send(): Promise<unknown> }>;
}

function platformWith(options: Options): PlatformClient {
  const client = new PlatformClient({ baseUrl: f.emulator.url, apiKey: f.emulator.key, ...options });
  platforms.push(client);
  return client;
}

const sides: Side[] = [
  {
    name: 'the Platform API',
    readRoute: 'GET /v2/payments/*',
    read: (options) => platformWith(options).getPayment(paymentId),
    writeRoute: 'POST /v2/payments/*/cancel',
    async prepareWrite(timeoutMs) {
      const payment = await f.newPayment();
      const client = platformWith({ timeoutMs, getRetries: 5, retryBaseDelayMs: 5 });
      return { send: () => client.cancelPayment(payment.identifier) };
    },
  },
  {
    name: 'Horizon',
    readRoute: 'GET /horizon/fee_stats',
    read: (options) => f.horizon(options).baseFee(),
    writeRoute: 'POST /horizon/transactions',
    async prepareWrite(timeoutMs) {
      const signed = await f.sign(await f.newPayment());
      const client = f.horizon({ submitTimeoutMs: timeoutMs, getRetries: 5, retryBaseDelayMs: 5 });
      return { send: () => client.submit(signed.envelopeXdr) };
    },
  },
];

const upstreamError = (promise: Promise<unknown>) => rejectionOf(promise, UpstreamError);

/** Times a call that is expected to fail: its error and how long it took. */
async function timedFailure(promise: Promise<unknown>): Promise<{ error: UpstreamError; ms: number }> {
  const started = performance.now();
  const error = await upstreamError(promise);
  return { error, ms: performance.now() - started };
}

describe.each(sides)('the upstream layer, used for $name', (side) => {
  const fault = (spec: FaultAnywhere) => setFaults(f.emulator, [{ ...spec, route: side.readRoute } as never]);

  it('retries a read that meets 503s, and it succeeds within its deadline', async () => {
    await fault({ kind: 'error', status: 503, times: 2 });
    await expect(side.read({ timeoutMs: 5_000, retryBaseDelayMs: 5 })).resolves.toBeDefined();
    expect(await faultsApplied(f.emulator)).toEqual([2]);
  });

  it.each([
    { answer: '503', spec: { kind: 'error', status: 503, retryAfterSeconds: 1, times: 1 } },
    { answer: '429', spec: { kind: 'rate_limit', retryAfterSeconds: 1, times: 1 } },
  ] as const)('waits for the Retry-After of a $answer before reading again', async ({ spec }) => {
    await fault(spec);
    const started = performance.now();
    // A back-off of 5 ms: only the upstream's Retry-After makes the wait a second long.
    await expect(side.read({ timeoutMs: 5_000, retryBaseDelayMs: 5 })).resolves.toBeDefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(await faultsApplied(f.emulator)).toEqual([1]);
  });

  it('does not wait for a Retry-After that ends past the deadline: the 429 is the answer, at once', async () => {
    await fault({ kind: 'rate_limit', retryAfterSeconds: 3 });
    const { error, ms } = await timedFailure(side.read({ timeoutMs: 2_000, maxRetryAfterMs: 10_000 }));
    expect(error).toMatchObject({ status: 429, retryAfterMs: 3_000, outcomeUnknown: false });
    expect(ms).toBeLessThan(1_000);
    expect(await faultsApplied(f.emulator)).toEqual([1]);
  });

  it('keeps one deadline for a read, its retries and back-off included', async () => {
    const options = { timeoutMs: 400, getRetries: 5, retryBaseDelayMs: 5 };
    await setFaults(f.emulator, [
      { route: side.readRoute, kind: 'latency', latencyMs: 150 },
      { route: side.readRoute, kind: 'error', status: 503 },
    ]);
    // The 503s, or the deadline in the middle of a try: whichever comes first, within the deadline.
    const slow = await timedFailure(side.read(options));
    expect(slow.ms).toBeLessThan(750);
    // Six tries of 150 ms do not fit in 400 ms: the deadline, not the count, ended the retries.
    expect((await faultsApplied(f.emulator))[0]).toBeLessThan(4);

    await fault({ kind: 'hang' });
    const hung = await timedFailure(side.read(options));
    expect(hung.error).toMatchObject({ status: null, code: 'timeout' });
    expect(hung.ms).toBeLessThan(750);
  });

  it.each([
    { lost: 'a dropped connection', spec: { kind: 'drop' }, code: 'network_error', status: null },
    { lost: 'a time-out', spec: { kind: 'hang' }, code: 'timeout', status: null },
    { lost: 'a 503 with a Retry-After', spec: { kind: 'error', status: 503, retryAfterSeconds: 0 }, code: 'unknown_error', status: 503 },
  ] as const)('sends a POST once: its answer lost to $lost is an unknown outcome for the caller to settle', async ({ spec, code, status }) => {
    const write = await side.prepareWrite(300);
    await setFaults(f.emulator, [{ ...spec, route: side.writeRoute } as never]);
    const { error } = await timedFailure(write.send());
    expect(error).toMatchObject({ code, status, outcomeUnknown: true });
    expect(await faultsApplied(f.emulator)).toEqual([1]);
  });
});

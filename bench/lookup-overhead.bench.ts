// A payment look-up through the BFF (GET /api/payments/{id}) against the same look-up straight at the
// emulator (GET /v2/payments/{id} with the server key): both over real HTTP on 127.0.0.1, timed by a
// client in its own process (as a browser would be) with keep-alive connections, interleaved, same
// ids, after a warm-up. Target: the BFF adds ≤ 1 ms at p50.
// The index write a look-up queues runs after its answer; the bench waits for it outside the timed
// part, so that it never runs during the next timed request of either side.
//
//   npm run bench -- --only lookup-overhead [--store pglite|postgres|both] [--requests 2000]
import { bareProxy } from './support/bare-proxy.ts';
import { startBenchBff } from './support/bench-bff.ts';
import { openBenchStore } from './support/bench-store.ts';
import { listen } from '../tests/support/listen.ts';
import { startEmulatorProcess, type EmulatorProcess } from './support/emulator-process.ts';
import { startHttpClientProcess, type HttpClientProcess } from './support/http-client-process.ts';
import { readOptions, type StoreKind } from './support/options.ts';
import { count, machine, ms, printTable, ratio, Samples } from './support/stats.ts';

const TARGET_ADDED_P50_MS = 1;
const INDEXED = 1_000;
const FIRST_LOOKUPS = 500;

const options = readOptions({ requests: 2_000 });

/** The floor for any BFF on this stack (support/bare-proxy.ts), timed the same way. */
async function measureBareProxy(emulator: EmulatorProcess, client: HttpClientProcess, ids: string[]): Promise<void> {
  const proxy = bareProxy(emulator);
  const server = await listen(proxy.app.fetch);
  try {
    const direct = new Samples();
    const proxied = new Samples();
    for (let i = 0; i < options.requests; i++) {
      const path = `/v2/payments/${ids[i % ids.length] as string}`;
      direct.add(await client.timeGet(emulator.origin, path, { authorization: `Key ${emulator.key}` }));
      proxied.add(await client.timeGet(server.origin, path, {}));
    }
    console.log(
      `\na bare Hono proxy (forwarding only) adds ${ms(proxied.p50 - direct.p50)} ms at p50 (${ms(proxied.p50)} against ${ms(direct.p50)} direct): the floor for a BFF on this stack`,
    );
  } finally {
    await server.close();
    await proxy.close();
  }
}

async function benchStore(kind: StoreKind, emulator: EmulatorProcess, client: HttpClientProcess, indexed: string[], unseen: string[]): Promise<void> {
  console.log(`\n## ${kind}`);
  const bench = await openBenchStore(kind, { count: indexed.length, keep: false });
  const bff = await startBenchBff(bench.store, emulator);
  const server = await listen(bff.app.fetch);
  const { services } = bff;
  const viaBff = (id: string) => client.timeGet(server.origin, `/api/payments/${id}`, { cookie: bff.cookie });
  const settled = () => services.backgroundWrites.settled();
  const direct = (id: string) => client.timeGet(emulator.origin, `/v2/payments/${id}`, { authorization: `Key ${emulator.key}` });
  try {
    // Warm-up: every id once each way, which also indexes them (the steady state is a payment seen before).
    for (const id of indexed) {
      await viaBff(id);
      await settled();
      await direct(id);
    }
    const samples = {
      direct: new Samples(),
      bff: new Samples(),
      inProcess: new Samples(),
      session: new Samples(),
      upstream: new Samples(),
      record: new Samples(),
      history: new Samples(),
      overlapped: new Samples(),
    };
    for (let i = 0; i < options.requests; i++) {
      const id = indexed[i % indexed.length] as string;
      if (i % 2 === 0) {
        samples.direct.add(await direct(id));
        samples.bff.add(await viaBff(id));
        await settled();
      } else {
        samples.bff.add(await viaBff(id));
        await settled();
        samples.direct.add(await direct(id));
      }
      // The handler's parts, one by one, in-process: where the added time goes.
      await samples.inProcess.time(async () => (await bff.app.request(`/api/payments/${id}`, { headers: { cookie: bff.cookie } })).text());
      await settled();
      await samples.session.time(() => services.sessions.resolveForRead(bff.sessionId));
      const payment = await samples.upstream.time(() => services.platform.getPayment(id));
      await samples.history.time(() => services.paymentHistory.of(id));
      await samples.overlapped.time(() => Promise.all([services.platform.getPayment(id), services.paymentHistory.of(id)]));
      await samples.record.time(() => services.paymentIndex.record([payment], 'lookup'));
    }
    // Payments the index has never seen: the look-up inserts them (and their first_seen event).
    const firstDirect = new Samples();
    const firstBff = new Samples();
    for (const [i, id] of unseen.entries()) {
      if (i % 2 === 0) {
        firstDirect.add(await direct(id));
        firstBff.add(await viaBff(id));
        await settled();
      } else {
        firstBff.add(await viaBff(id));
        await settled();
        firstDirect.add(await direct(id));
      }
    }
    // Look-ups back to back with no pause for the index writes: on PGlite each write holds the thread
    // the next request needs. What a burst of look-ups costs, rather than one look-up.
    const burst = new Samples();
    for (let i = 0; i < options.requests / 2; i++) burst.add(await viaBff(indexed[i % indexed.length] as string));
    await settled();

    const added = samples.bff.p50 - samples.direct.p50;
    console.log(`${count(options.requests)} look-ups each way over ${count(indexed.length)} indexed payments, interleaved (after ${count(indexed.length)} warm-up each way)`);
    printTable(
      ['look-up', 'p50 ms', 'p95 ms', 'p99 ms'],
      [
        ['emulator direct  GET /v2/payments/{id}', ms(samples.direct.p50), ms(samples.direct.p95), ms(samples.direct.p99)],
        ['BFF              GET /api/payments/{id}', ms(samples.bff.p50), ms(samples.bff.p95), ms(samples.bff.p99)],
        [`BFF, first look-up (${FIRST_LOOKUPS} unseen ids)`, ms(firstBff.p50), ms(firstBff.p95), ms(firstBff.p99)],
        [`emulator direct, same ${FIRST_LOOKUPS} ids`, ms(firstDirect.p50), ms(firstDirect.p95), ms(firstDirect.p99)],
        [`BFF, ${count(burst.count)} back to back (writes not waited for)`, ms(burst.p50), ms(burst.p95), ms(burst.p99)],
      ],
    );
    console.log(
      `  BFF/direct p50 ${ratio(samples.bff.p50, samples.direct.p50)}; BFF adds ${ms(added)} ms at p50 (target ≤ ${TARGET_ADDED_P50_MS} ms: ${added <= TARGET_ADDED_P50_MS ? 'PASS' : 'FAIL'}), ${ms(samples.bff.p95 - samples.direct.p95)} ms at p95; first look-up adds ${ms(firstBff.p50 - firstDirect.p50)} ms at p50`,
    );
    console.log(`  ${machine()}`);
    const answerParts = samples.session.p50 + samples.overlapped.p50;
    console.log('\nwhere the BFF time goes (each part timed alone, in-process, same loop; ≈ rows are differences of p50s):');
    printTable(
      ['part', 'p50 ms', 'p95 ms'],
      [
        ['whole route, in-process app.request (no socket)', ms(samples.inProcess.p50), ms(samples.inProcess.p95)],
        ['  session (sessions.resolveForRead; reused for 3 s)', ms(samples.session.p50), ms(samples.session.p95)],
        ['  upstream hop (platform.getPayment: undici + zod)', ms(samples.upstream.p50), ms(samples.upstream.p95)],
        ['  history read (paymentHistory.of, 1 prepared statement)', ms(samples.history.p50), ms(samples.history.p95)],
        ['  both at once, as the route does them', ms(samples.overlapped.p50), ms(samples.overlapped.p95)],
        ['  ≈ the rest: middleware, validation, JSON', ms(samples.inProcess.p50 - answerParts), '-'],
        ['≈ socket and HTTP server (BFF over HTTP − in-process)', ms(samples.bff.p50 - samples.inProcess.p50), '-'],
        ['after the answer: index write (paymentIndex.record)', ms(samples.record.p50), ms(samples.record.p95)],
      ],
    );
  } finally {
    await server.close();
    await bff.close();
    await bench.close();
  }
}

console.log(`# lookup-overhead: stores ${options.stores.join(' + ')}; ${machine()}`);
const emulator = await startEmulatorProcess();
const client = await startHttpClientProcess();
try {
  await emulator.control('POST', '/seed', { count: INDEXED + FIRST_LOOKUPS * options.stores.length });
  const { payments } = await emulator.control<{ payments: Array<{ identifier: string }> }>('GET', `/payments?offset=0&limit=${INDEXED + FIRST_LOOKUPS * options.stores.length}`);
  const ids = payments.map((payment) => payment.identifier);
  await measureBareProxy(emulator, client, ids.slice(0, INDEXED));
  for (const [n, kind] of options.stores.entries()) {
    await benchStore(kind, emulator, client, ids.slice(0, INDEXED), ids.slice(INDEXED + n * FIRST_LOOKUPS, INDEXED + (n + 1) * FIRST_LOOKUPS));
  }
} finally {
  await client.close();
  await emulator.close();
}

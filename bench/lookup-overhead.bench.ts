// A payment look-up through the BFF (GET /api/payments/{id}) against the same look-up straight at the
// emulator (GET /v2/payments/{id} with the server key): both over real HTTP on 127.0.0.1 with a
// keep-alive undici Pool, interleaved, same ids, after a warm-up. Target: the BFF adds ≤ 1 ms at p50.
//
//   npm run bench -- --only lookup-overhead [--store pglite|postgres|both] [--requests 2000]
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { paymentTimeline } from '../bff/src/payments/payment-timeline.ts';
import { startBenchBff, type BenchBff } from './support/bench-bff.ts';
import { openBenchStore } from './support/bench-store.ts';
import { startEmulatorProcess, type EmulatorProcess } from './support/emulator-process.ts';
import { readOptions, type StoreKind } from './support/options.ts';
import { count, machine, ms, printTable, ratio, Samples } from './support/stats.ts';

const TARGET_ADDED_P50_MS = 1;
const INDEXED = 1_000;
const FIRST_LOOKUPS = 500;

const options = readOptions({ requests: 2_000 });

async function get(pool: Pool, path: string, headers: Record<string, string>): Promise<void> {
  const response = await pool.request({ method: 'GET', path, headers });
  const body = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`GET ${path} → ${response.statusCode} ${body}`);
}

function listen(bff: BenchBff): Promise<{ origin: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: bff.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((closed) => server.close(() => closed())),
      });
    });
  });
}

async function benchStore(kind: StoreKind, emulator: EmulatorProcess, indexed: string[], unseen: string[]): Promise<void> {
  console.log(`\n## ${kind}`);
  const bench = await openBenchStore(kind, { count: indexed.length, keep: false });
  const bff = await startBenchBff(bench.store, emulator);
  const server = await listen(bff);
  const toBff = new Pool(server.origin, { connections: 4 });
  const toEmulator = new Pool(emulator.origin, { connections: 4 });
  const viaBff = (id: string) => get(toBff, `/api/payments/${id}`, { cookie: bff.cookie });
  const direct = (id: string) => get(toEmulator, `/v2/payments/${id}`, { authorization: `Key ${emulator.key}` });
  const { services } = bff;
  try {
    // Warm-up: every id once each way, which also indexes them (the steady state is a payment seen before).
    for (const id of indexed) {
      await viaBff(id);
      await direct(id);
    }
    const samples = {
      direct: new Samples(),
      bff: new Samples(),
      inProcess: new Samples(),
      session: new Samples(),
      upstream: new Samples(),
      record: new Samples(),
      timeline: new Samples(),
    };
    for (let i = 0; i < options.requests; i++) {
      const id = indexed[i % indexed.length] as string;
      if (i % 2 === 0) {
        await samples.direct.time(() => direct(id));
        await samples.bff.time(() => viaBff(id));
      } else {
        await samples.bff.time(() => viaBff(id));
        await samples.direct.time(() => direct(id));
      }
      // The handler's parts, one by one, in-process: where the added time goes.
      await samples.inProcess.time(async () => (await bff.app.request(`/api/payments/${id}`, { headers: { cookie: bff.cookie } })).text());
      await samples.session.time(() => services.sessions.resolve(bff.sessionId));
      const payment = await samples.upstream.time(() => services.platform.getPayment(id));
      await samples.record.time(() => services.paymentIndex.record([payment], 'lookup'));
      await samples.timeline.time(() => paymentTimeline(services.db, id));
    }
    // Payments the index has never seen: the look-up inserts them (and their first_seen event).
    const firstDirect = new Samples();
    const firstBff = new Samples();
    for (const [i, id] of unseen.entries()) {
      if (i % 2 === 0) {
        await firstDirect.time(() => direct(id));
        await firstBff.time(() => viaBff(id));
      } else {
        await firstBff.time(() => viaBff(id));
        await firstDirect.time(() => direct(id));
      }
    }

    const added = samples.bff.p50 - samples.direct.p50;
    console.log(`${count(options.requests)} look-ups each way over ${count(indexed.length)} indexed payments, interleaved (after ${count(indexed.length)} warm-up each way)`);
    printTable(
      ['look-up', 'p50 ms', 'p95 ms', 'p99 ms'],
      [
        ['emulator direct  GET /v2/payments/{id}', ms(samples.direct.p50), ms(samples.direct.p95), ms(samples.direct.p99)],
        ['BFF              GET /api/payments/{id}', ms(samples.bff.p50), ms(samples.bff.p95), ms(samples.bff.p99)],
        [`BFF, first look-up (${FIRST_LOOKUPS} unseen ids)`, ms(firstBff.p50), ms(firstBff.p95), ms(firstBff.p99)],
        [`emulator direct, same ${FIRST_LOOKUPS} ids`, ms(firstDirect.p50), ms(firstDirect.p95), ms(firstDirect.p99)],
      ],
    );
    console.log(
      `  BFF/direct p50 ${ratio(samples.bff.p50, samples.direct.p50)}; BFF adds ${ms(added)} ms at p50 (target ≤ ${TARGET_ADDED_P50_MS} ms: ${added <= TARGET_ADDED_P50_MS ? 'PASS' : 'FAIL'}), ${ms(samples.bff.p95 - samples.direct.p95)} ms at p95; first look-up adds ${ms(firstBff.p50 - firstDirect.p50)} ms at p50`,
    );
    console.log(`  ${machine()}`);
    const storeParts = samples.session.p50 + samples.record.p50 + samples.timeline.p50;
    console.log('\nwhere the BFF time goes (each part timed alone, in-process, same loop; ≈ rows are differences of p50s):');
    printTable(
      ['part', 'p50 ms', 'p95 ms'],
      [
        ['whole route, in-process app.request (no socket)', ms(samples.inProcess.p50), ms(samples.inProcess.p95)],
        ['  session look-up (sessions.resolve)', ms(samples.session.p50), ms(samples.session.p95)],
        ['  upstream hop (platform.getPayment: undici + zod)', ms(samples.upstream.p50), ms(samples.upstream.p95)],
        ['  index upsert (paymentIndex.record, 1 transaction)', ms(samples.record.p50), ms(samples.record.p95)],
        ['  timeline (paymentTimeline, 2 queries)', ms(samples.timeline.p50), ms(samples.timeline.p95)],
        ['  store parts together (session + upsert + timeline)', ms(storeParts), '-'],
        ['  ≈ the rest: middleware, validation, JSON', ms(samples.inProcess.p50 - storeParts - samples.upstream.p50), '-'],
        ['≈ socket and HTTP server (BFF over HTTP − in-process)', ms(samples.bff.p50 - samples.inProcess.p50), '-'],
      ],
    );
  } finally {
    await toBff.close();
    await toEmulator.close();
    await server.close();
    await bff.close();
    await bench.close();
  }
}

console.log(`# lookup-overhead: stores ${options.stores.join(' + ')}; ${machine()}`);
const emulator = await startEmulatorProcess();
try {
  await emulator.control('POST', '/seed', { count: INDEXED + FIRST_LOOKUPS * options.stores.length });
  const { payments } = await emulator.control<{ payments: Array<{ identifier: string }> }>('GET', `/payments?offset=0&limit=${INDEXED + FIRST_LOOKUPS * options.stores.length}`);
  const ids = payments.map((payment) => payment.identifier);
  for (const [n, kind] of options.stores.entries()) {
    await benchStore(kind, emulator, ids.slice(0, INDEXED), ids.slice(INDEXED + n * FIRST_LOOKUPS, INDEXED + (n + 1) * FIRST_LOOKUPS));
  }
} finally {
  await emulator.close();
}

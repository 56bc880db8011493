// Webhooks while rewards pay: 1,000 rewards (`POST /api/rewards`, 16 at a time, 20 ms of latency on
// every upstream route, as rewards-throughput) through a console process, three times on a fresh
// console each:
//   - no endpoint: the baseline pace;
//   - a healthy receiver of `reward.completed` on 127.0.0.1: the time from each reward's completion
//     (its event's timestamp, written in the completing transaction) to its arrival, p50 and p99;
//   - a receiver that never answers, subscribed to every event: each attempt waits out its 10 s deadline.
// Target: the hanging run's rewards/s over the baseline's ≥ 0.9 (delivery never holds up the money path).
// Also printed: hanging over healthy, which isolates the hang from the cost of delivering at all.
//
//   npm run bench -- --only webhook-delivery [--store pglite|postgres|both] [--requests 1000]
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair } from '@stellar/stellar-sdk';
import { EVENT_TYPE_NAMES } from '../bff/src/events/event-types.ts';
import { consoleClient } from './support/console-client.ts';
import { startConsoleProcess } from './support/console-process.ts';
import { injectUpstreamLatency, newUsers, startEmulatorProcess, type EmulatorProcess } from './support/emulator-process.ts';
import { readOptions, type StoreKind } from './support/options.ts';
import { count, machine, ms, perSecond, printTable, ratio, Samples, type Run } from './support/stats.ts';

const TARGET_RATIO = 0.9;
const LATENCY_MS = 20;
const CONCURRENCY = 16;
const AMOUNT = '0.5';
const WARM_UP = 20;
const ARRIVALS_WITHIN_MS = 120_000;

const options = readOptions({ requests: 1_000 });

type Receiver = 'none' | 'healthy' | 'hanging';

/** A receiver on 127.0.0.1: `healthy` answers 200 and notes when each event arrived; `hanging` never answers. */
async function startReceiver(kind: Exclude<Receiver, 'none'>): Promise<{ url: string; arrivals: Map<string, number>; close(): Promise<void> }> {
  const arrivals = new Map<string, number>();
  const held = new Set<IncomingMessage>();
  const server: Server = createServer((request, response) => {
    if (kind === 'hanging') {
      held.add(request);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrivedAt = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { type: string; timestamp: string };
      const id = String(request.headers['webhook-id']);
      if (body.type === 'reward.completed' && !arrivals.has(id)) arrivals.set(id, arrivedAt - Date.parse(body.timestamp));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    close: () =>
      new Promise((resolve) => {
        for (const request of held) request.socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function payWith(kind: StoreKind, emulator: EmulatorProcess, walletSeed: string, receiverKind: Receiver): Promise<{ run: Run; latency: Samples | null }> {
  const receiver = receiverKind === 'none' ? null : await startReceiver(receiverKind);
  const console_ = await startConsoleProcess(kind, emulator, { role: 'manager', wallet: { seed: walletSeed, horizonUrl: emulator.horizonUrl } });
  const client = consoleClient(console_, CONCURRENCY);
  try {
    if (receiver) await console_.addWebhookEndpoint({ url: receiver.url, events: receiverKind === 'healthy' ? ['reward.completed'] : [...EVENT_TYPE_NAMES] });
    await client.payRewards(await newUsers(emulator, WARM_UP), AMOUNT, CONCURRENCY);
    const { run } = await client.payRewards(await newUsers(emulator, options.requests), AMOUNT, CONCURRENCY);
    if (receiverKind !== 'healthy' || !receiver) return { run, latency: null };
    const expected = WARM_UP + run.completed;
    const until = Date.now() + ARRIVALS_WITHIN_MS;
    while (receiver.arrivals.size < expected && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    const latency = new Samples();
    for (const value of [...receiver.arrivals.values()].slice(WARM_UP)) latency.add(value);
    if (receiver.arrivals.size < expected) console.log(`  only ${count(receiver.arrivals.size)} of ${count(expected)} reward.completed events arrived within ${ARRIVALS_WITHIN_MS / 1000} s`);
    return { run, latency };
  } finally {
    await client.close();
    await console_.close();
    await receiver?.close();
  }
}

console.log(`# webhook-delivery: ${count(options.requests)} rewards, ${CONCURRENCY} at a time, ${LATENCY_MS} ms upstream latency; stores ${options.stores.join(' + ')}; ${machine()}`);
const walletSeed = Keypair.random().secret();
const emulator = await startEmulatorProcess({ walletSeed });
try {
  await injectUpstreamLatency(emulator, LATENCY_MS);
  for (const kind of options.stores) {
    console.log(`\n## ${kind}`);
    const baseline = await payWith(kind, emulator, walletSeed, 'none');
    const healthy = await payWith(kind, emulator, walletSeed, 'healthy');
    const hanging = await payWith(kind, emulator, walletSeed, 'hanging');
    printTable(
      ['receiver', 'completed', 'seconds', 'rewards/s', 'completion → arrival p50', 'p99'],
      [
        ['no endpoint', count(baseline.run.completed), baseline.run.seconds.toFixed(1), perSecond(baseline.run).toFixed(1), '-', '-'],
        ['healthy (200)', count(healthy.run.completed), healthy.run.seconds.toFixed(1), perSecond(healthy.run).toFixed(1), `${ms(healthy.latency?.p50 ?? Number.NaN, 0)} ms`, `${ms(healthy.latency?.p99 ?? Number.NaN, 0)} ms`],
        ['hanging (never answers)', count(hanging.run.completed), hanging.run.seconds.toFixed(1), perSecond(hanging.run).toFixed(1), '-', '-'],
      ],
    );
    const achieved = perSecond(hanging.run) / perSecond(baseline.run);
    console.log(`  hanging/none ${ratio(perSecond(hanging.run), perSecond(baseline.run))} (target ≥ ${TARGET_RATIO}: ${achieved >= TARGET_RATIO ? 'PASS' : 'FAIL'}); healthy/none ${ratio(perSecond(healthy.run), perSecond(baseline.run))}; hanging/healthy ${ratio(perSecond(hanging.run), perSecond(healthy.run))}`);
    console.log(`  ${machine()}`);
  }
} finally {
  await emulator.close();
}

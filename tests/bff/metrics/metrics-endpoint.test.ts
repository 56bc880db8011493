import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView } from '../../../bff/src/batches/batch-view.ts';
import { reasonLabel } from '../../../bff/src/metrics/event-metrics.ts';
import type { RewardView } from '../../../bff/src/rewards/reward-view.ts';
import { REWARD_STATES } from '../../../bff/src/store/schema.ts';
import type { UpstreamOutcome } from '../../../bff/src/upstream/upstream-observer.ts';
import { startEmulator, type RunningEmulator } from '../../../emulator/src/emulator.ts';
import { startWalletConsole, type BffProcess, type StaffClient } from '../../support/bff-process.ts';
import { createUsers } from '../../support/emulator-control.ts';
import { alertExpressions, dashboardQueries, metricNamesIn } from '../../support/monitoring-files.ts';
import { freePort } from '../../support/node-process.ts';
import { promtool, samplesOf, valueOf, type Sample } from '../../support/promtool.ts';
import { batchCsv, settled, waitForBatch } from '../../support/reward-batches.ts';
import { storeKinds, type StoreKind } from '../../support/test-store.ts';

const ADMIN = { email: 'admin@metrics.test', password: 'metrics-admin-password' };
const PLATFORM_TIMEOUT_MS = 5_000;
const BATCH_USERS = 24;

/** The TCP ports process `pid` listens on, with their addresses, from /proc (Linux). */
function listeningSockets(pid: number): Array<{ address: string; port: number }> {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? ''];
      } catch {
        return [];
      }
    }),
  );
  return ['tcp', 'tcp6']
    .flatMap((table) => readFileSync(`/proc/net/${table}`, 'utf8').trim().split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[3] === '0A' && inodes.has(columns[9] ?? ''))
    .map((columns) => {
      const [address = '', port = '0'] = (columns[1] ?? '').split(':');
      return { address, port: Number.parseInt(port, 16) };
    });
}

const LOOPBACK_HEX = '0100007F';
/** A free port for each store kind's console, chosen before its describe block starts it. */
const METRICS_PORTS: Record<StoreKind, number> = { pglite: await freePort(), postgres: await freePort() };

async function scrape(url: string): Promise<{ text: string; samples: Sample[] }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { text, samples: samplesOf(text) };
}

async function payReward(client: StaffClient, uid: string, key: string): Promise<RewardView> {
  const { reward } = await client.json<{ reward: RewardView }>('POST', '/api/rewards', { uid, amount: '0.25', memo: 'metrics' }, { 'idempotency-key': key });
  const deadline = Date.now() + 30_000;
  for (let current = reward; ; ) {
    if (current.state === 'completed') return current;
    if (Date.now() > deadline) throw new Error(`reward ${current.id} not completed: ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = (await client.json<{ reward: RewardView }>('GET', `/api/rewards/${reward.id}`)).reward;
  }
}

/** For the describe block it is called in: an emulator and a console paying from its wallet on a fresh store of `kind`, with `moreEnv`. */
function useConsole(kind: StoreKind, moreEnv: NodeJS.ProcessEnv = {}): { emulator: RunningEmulator; bff: BffProcess; admin: StaffClient } {
  const started: Partial<{ emulator: RunningEmulator; bff: BffProcess; admin: StaffClient; drop: () => Promise<void> }> = {};
  beforeAll(async () => {
    started.emulator = await startEmulator();
    const { bff, client, drop } = await startWalletConsole(kind, started.emulator, ADMIN, PLATFORM_TIMEOUT_MS, moreEnv);
    Object.assign(started, { bff, admin: client, drop });
  }, 90_000);
  afterAll(async () => {
    await started.bff?.stop();
    await started.emulator?.close();
    await started.drop?.();
  }, 30_000);
  const get = <K extends 'emulator' | 'bff' | 'admin'>(key: K) => {
    const value = started[key];
    if (value === undefined) throw new Error('the console has not started');
    return value;
  };
  return {
    get emulator() {
      return get('emulator');
    },
    get bff() {
      return get('bff');
    },
    get admin() {
      return get('admin');
    },
  };
}

describe('metrics off by default', () => {
  const running = useConsole('pglite');

  it('without PLAT_METRICS_PORT the console listens on its own port only, and serves no metrics there', async () => {
    const { bff } = running;
    expect(listeningSockets(bff.pid).map((socket) => socket.port)).toEqual([Number(new URL(bff.url).port)]);
    expect(bff.output()).not.toContain('Metrics for Prometheus');
    const answer = await fetch(`${bff.url}/metrics`);
    expect(await answer.text()).not.toContain('# TYPE');
  });
});

describe.each(storeKinds)('metrics on their own port (%s)', (kind) => {
  const port = METRICS_PORTS[kind];
  const metricsUrl = `http://127.0.0.1:${port}/metrics`;
  const running = useConsole(kind, { PLAT_METRICS_PORT: String(port) });

  it('listens on loopback at PLAT_METRICS_PORT beside the console, says where, and answers only GET /metrics', async () => {
    const { bff } = running;
    expect(bff.output()).toContain(`Metrics for Prometheus at ${metricsUrl}`);
    const sockets = listeningSockets(bff.pid);
    expect(sockets.map((socket) => socket.port).sort()).toEqual([port, Number(new URL(bff.url).port)].sort());
    expect(sockets.find((socket) => socket.port === port)?.address).toBe(LOOPBACK_HEX);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
    expect(await (await fetch(`${bff.url}/metrics`)).text()).not.toContain('# TYPE');
  });

  it("is Prometheus' text format, as promtool checks it, with the event loop's lag, the wallet and the store's round trip", async () => {
    const { text, samples } = await scrape(metricsUrl);
    const checked = await promtool(['check', 'metrics'], text);
    expect(checked.output).toBe('');
    expect(checked.code).toBe(0);
    for (const name of ['nodejs_eventloop_lag_seconds', 'plat_wallet_available_pi', 'plat_wallet_reserved_pi', 'plat_reconciliation_open_exceptions', 'plat_webhook_queue_depth', 'plat_batch_rows_left']) {
      expect(samples.some((sample) => sample.name === name)).toBe(true);
    }
    expect(valueOf(samples, 'plat_wallet_available_pi')).toBeGreaterThan(0);
    expect(valueOf(samples, 'plat_store_round_trip_seconds_count')).toBeGreaterThan(0);
    // A labelled counter nothing has moved yet has no sample, but is declared.
    const declared = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name = '', type]) => (type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name]));
    const exposed = new Set(declared);
    const shipped = [...dashboardQueries().map((query) => query.expr), ...alertExpressions()].flatMap(metricNamesIn);
    expect(shipped.length).toBeGreaterThan(20);
    expect([...new Set(shipped)].filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('a reward paid through the console moves the reward and upstream metrics; a wrong password counts a failed sign-in', async () => {
    const { bff, admin, emulator } = running;
    const [user] = await createUsers(emulator, 1);
    const before = (await scrape(metricsUrl)).samples;
    await payReward(admin, user?.uid ?? '', `metrics-${kind}-one`);
    const wrong = await fetch(`${bff.url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-plat-console': '1', origin: bff.url }, body: JSON.stringify({ email: ADMIN.email, password: 'not-the-password' }) });
    expect(wrong.status).toBe(401);
    const after = (await scrape(metricsUrl)).samples;
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('plat_rewards_ended_total', { state: 'completed', reason: 'none' })).toBe(1);
    expect(moved('plat_reward_completion_seconds_count')).toBe(1);
    expect(moved('plat_reward_ledgers_waited_count')).toBe(1);
    expect(moved('plat_upstream_calls_total', { target: 'platform', operation: 'create_payment', outcome: 'ok' })).toBe(1);
    expect(moved('plat_upstream_calls_total', { target: 'platform', operation: 'complete_payment', outcome: 'ok' })).toBe(1);
    expect(moved('plat_upstream_calls_total', { target: 'horizon', operation: 'submit', outcome: 'ok' })).toBe(1);
    expect(moved('plat_upstream_call_duration_seconds_count', { target: 'horizon', operation: 'submit' })).toBe(1);
    expect(moved('plat_sign_ins_failed_total')).toBe(1);
  });

  it('after many rewards to many users, every label takes a value of a fixed set, and no uid, payment or address appears', async () => {
    const { admin, emulator } = running;
    const users = await createUsers(emulator, BATCH_USERS);
    const { batch } = (await (await admin.upload('/api/rewards/batches', batchCsv(users.map((user) => user.uid), '0.1'), 'text/csv')).json()) as { batch: BatchView };
    await admin.json('POST', `/api/rewards/batches/${batch.id}/start`);
    await waitForBatch(async () => (await admin.json<{ batch: BatchView }>('GET', `/api/rewards/batches/${batch.id}`)).batch, settled, 60_000);
    const { rewards } = await admin.json<{ rewards: RewardView[] }>('GET', '/api/rewards?limit=100');
    const { text, samples } = await scrape(metricsUrl);

    expect(valueOf(samples, 'plat_rewards_ended_total', { state: 'completed', reason: 'none' })).toBeGreaterThanOrEqual(BATCH_USERS + 1);
    expect(valueOf(samples, 'plat_batch_rows_left')).toBe(0);
    const personal = [...users.flatMap((user) => [user.uid, user.wallet_address]), ...rewards.flatMap((reward) => [reward.id, reward.paymentId ?? '', reward.txid ?? ''])].filter((value) => value !== '');
    expect(personal.filter((value) => text.includes(value))).toEqual([]);

    const outcomes: UpstreamOutcome[] = ['ok', 'refused', 'rate_limited', 'server_error', 'invalid_response', 'timeout', 'network_error'];
    const allowed: Record<string, (value: string) => boolean> = {
      target: (value) => ['platform', 'horizon'].includes(value),
      operation: (value) => /^[a-z_]+$/.test(value) && value.length <= 32,
      outcome: (value) => (outcomes as string[]).includes(value),
      state: (value) => (REWARD_STATES as readonly string[]).includes(value),
      reason: (value) => reasonLabel(value) === value || value === 'none',
      status: (value) => ['429', '504'].includes(value),
      reading: (value) => ['rewards', 'batches', 'wallet', 'reconciliation', 'webhooks', 'store'].includes(value),
      le: (value) => value === '+Inf' || Number.isFinite(Number(value)),
    };
    const ours = samples.filter((sample) => sample.name.startsWith('plat_'));
    const unbounded = ours.flatMap((sample) => Object.entries(sample.labels).filter(([label, value]) => !(allowed[label]?.(value) ?? false)).map(([label, value]) => `${sample.name}{${label}="${value}"}`));
    expect(unbounded).toEqual([]);
    const operations = new Set(ours.map((sample) => sample.labels.operation).filter((value) => value !== undefined));
    expect(operations.size).toBeLessThanOrEqual(16);
  });
});

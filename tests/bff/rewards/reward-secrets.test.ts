import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StrKey } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../bff/src/logger.ts';
import { clearFaults, createUser, setFaults, type Fault } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The ways a secret could hide in text: as it is, URL-encoded, and inside base64 (or base64url) at
 * each of the three byte alignments, without the edge characters that depend on its neighbours.
 */
function disguises(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const forms = new Set([secret, encodeURIComponent(secret)]);
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    const from = Math.ceil((offset * 8) / 6);
    const to = Math.floor(((offset + bytes.length) * 8) / 6);
    forms.add(padded.toString('base64').slice(from, to));
    forms.add(padded.toString('base64url').slice(from, to));
  }
  return [...forms];
}

function hitsIn(text: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets).flatMap(([name, secret]) => disguises(secret).filter((form) => text.includes(form)).map((form) => `${name} as ${form}`));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe.each(storeKinds)('the wallet seed, the server key and API keys stay secret on %s', (kind) => {
  let t: TestApp;
  const lines: string[] = [];
  const answers: string[] = [];
  let secrets: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true, logger: createLogger({ level: 'debug', write: (line) => lines.push(line) }) });
    secrets = { 'wallet seed': t.emulator.appWallet.seed, 'server key': t.emulator.key };
  });
  afterAll(() => t.close());

  async function call(method: string, url: string, options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const response = await t.request(method, url, options);
    answers.push(`${method} ${url} → ${response.status}\n${JSON.stringify([...response.headers])}\n${await response.clone().text()}`);
    return response;
  }

  it('in no response, log line or audit row, through rewards paid, failed and retried', async () => {
    const manager = await t.signInAs('manager');
    const ops = await t.signInAs('ops');
    const admin = await t.signInAs('admin');
    let keys = 0;
    const pay = async (fault?: Fault): Promise<string> => {
      const user = await createUser(t.emulator);
      if (fault) await setFaults(t.emulator, [fault]);
      const response = await call('POST', '/api/rewards', { cookie: manager, headers: { 'idempotency-key': `secrets-${kind}-${++keys}` }, body: { uid: user.uid, amount: '1.5', memo: 'secret test', metadata: { campaign: 'secrets' } } });
      await clearFaults(t.emulator);
      return ((await response.json()) as { reward: { id: string } }).reward.id;
    };
    const ids = [
      await pay(),
      await pay({ route: 'POST /horizon/transactions', kind: 'apply_then_fail', times: 1 }),
      await pay({ route: 'POST /horizon/transactions', kind: 'error', status: 500, times: 1 }),
      await pay({ route: 'POST /v2/payments', kind: 'drop', times: 1 }),
      await pay({ route: 'POST /v2/payments/*/complete', kind: 'error', status: 400, times: 1 }),
      await pay({ route: '/horizon/**', kind: 'malformed_json', times: 2 }),
    ];
    await t.services.rewardWorker.tick();
    await t.services.rewardWorker.idle();
    for (const id of ids) {
      const { reward } = (await (await call('GET', `/api/rewards/${id}`, { cookie: manager })).json()) as { reward: { state: string; paymentId: string | null } };
      if (['failed', 'needs_attention'].includes(reward.state)) await call('POST', `/api/rewards/${id}/retry`, { cookie: manager });
      if (reward.paymentId) await call('GET', `/api/payments/${reward.paymentId}`, { cookie: ops });
    }
    await call('POST', `/api/rewards/${ids[0] ?? ''}/cancel`, { cookie: manager });
    await call('GET', '/api/rewards?limit=200', { cookie: manager });
    await call('GET', '/api/rewards/export.csv', { cookie: manager });
    await call('GET', '/api/payments?limit=200', { cookie: ops });
    await call('GET', '/api/payments/export.csv', { cookie: ops });
    await call('GET', '/api/incomplete', { cookie: ops });
    await call('GET', '/api/overview', { cookie: ops });
    await call('GET', '/api/meta', { cookie: ops });
    await call('GET', '/api/audit?limit=200', { cookie: admin });
    await call('GET', '/api/audit/export.csv', { cookie: admin });
    await call('GET', '/api/audit/verify', { cookie: admin });
    await call('POST', '/api/rewards', { cookie: manager, body: { uid: 'nobody', amount: '1' } });

    // An API key is in the one answer that creates it (or rolls it), and nowhere else.
    const created = await t.request('POST', '/api/api-keys', { cookie: admin, body: { name: 'secret test', scopes: ['ingest', 'rewards:write', 'rewards:read', 'payments:read'] } });
    const { secret, apiKey } = (await created.json()) as { secret: string; apiKey: { id: string } };
    const rolled = await t.request('POST', `/api/api-keys/${apiKey.id}/roll`, { cookie: admin, body: { overlapHours: 1 } });
    const { secret: rolledSecret } = (await rolled.json()) as { secret: string };
    secrets['API key'] = secret;
    secrets['rolled API key'] = rolledSecret;
    for (const key of [secret, rolledSecret, `${secret}x`, rolledSecret.toUpperCase()]) {
      await call('POST', '/api/ingest/payments', { headers: { authorization: `Bearer ${key}` }, body: { ids: [ids[0] ?? 'x'] } });
    }
    await call('GET', '/api/api-keys', { cookie: admin });
    await call('POST', `/api/api-keys/${apiKey.id}/revoke`, { cookie: admin });
    await call('POST', '/api/ingest/payments', { headers: { authorization: `Bearer ${secret}` }, body: { ids: ['x'] } });
    await t.services.backgroundWrites.settled();

    const audit = await t.store.sql.rows<Record<string, unknown>>('SELECT * FROM audit_events ORDER BY id');
    expect(audit.some((row) => String(row.action).startsWith('reward.submit'))).toBe(true);
    expect(lines.length).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(20);
    // The search finds a secret that is there, however it is encoded.
    for (const offset of ['', 'a', 'ab']) expect(hitsIn(Buffer.from(`${offset}${secrets['wallet seed'] ?? ''}!`).toString('base64'), secrets)).toHaveLength(1);
    expect(hitsIn(answers.join('\n'), secrets)).toEqual([]);
    expect(hitsIn(lines.join('\n'), secrets)).toEqual([]);
    expect(hitsIn(JSON.stringify(audit), secrets)).toEqual([]);
  });
});

describe('the SPA bundle', () => {
  let built: string;
  let bundle: string;

  // A build of the current sources (as scripts/spa-build.mjs makes dist/dashboard), in a directory of its own.
  beforeAll(() => {
    built = mkdtempSync(path.join(tmpdir(), 'plat-spa-'));
    const vite = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', built, '--emptyOutDir'], { cwd: ROOT, encoding: 'utf8' });
    if (vite.status !== 0) throw new Error(`the SPA did not build: ${vite.stderr}`);
    bundle = filesUnder(built)
      .map((file) => readFileSync(file, 'latin1'))
      .join('\n');
  }, 240_000);
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  it('holds no secret seed and no server key (they exist only at run time: no seed-shaped or key-shaped text is in it)', () => {
    expect(bundle.length).toBeGreaterThan(1_000);
    const seeds = (bundle.match(/S[A-Z2-7]{55}/g) ?? []).filter((candidate) => StrKey.isValidEd25519SecretSeed(candidate));
    expect(seeds).toEqual([]);
    expect(bundle).not.toMatch(/PLAT_WALLET_SEED|PLAT_API_KEY/);
    expect(bundle).not.toMatch(/plat_(sk_(sandbox|live)|ingest)_[A-Za-z0-9_-]{43}/);
  });
});

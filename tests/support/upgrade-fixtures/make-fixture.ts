/**
 * Makes an upgrade fixture: a store written by an earlier release of the console, with data in every
 * table, and the manifest the upgrade test checks it against (tests/bff/store/upgrade.test.ts).
 *
 *   git worktree add /tmp/old <commit> && cp -a node_modules /tmp/old/
 *   npx tsx tests/support/upgrade-fixtures/make-fixture.ts /tmp/old pglite
 *   PLAT_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx tests/support/upgrade-fixtures/make-fixture.ts /tmp/old postgres
 *
 * The earlier console runs from its own checkout (`old`), against its own emulator, and is driven only
 * over HTTP, so the store is exactly what that release writes. See tests/support/upgrade-fixtures/README.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type * as BffProcessModule from '../bff-process.ts';
import type * as ChainModule from '../chain-transactions.ts';
import type * as ControlModule from '../emulator-control.ts';
import type * as EmulatorModule from '../../../emulator/src/emulator.ts';
import { openFixtureReader, tableDigests, type FixtureManifest } from './fixture-digest.ts';

const [oldDir, kind] = process.argv.slice(2);
if (!oldDir || (kind !== 'pglite' && kind !== 'postgres')) {
  process.stderr.write('usage: make-fixture.ts <checkout of the earlier release> pglite|postgres\n');
  process.exit(2);
}
const postgresUrl = process.env.PLAT_TEST_DATABASE_URL;
if (kind === 'postgres' && !postgresUrl) throw new Error('PLAT_TEST_DATABASE_URL must be set for a PostgreSQL fixture');

const from = (module: string) => path.resolve(oldDir, module);
const { startEmulator } = (await import(from('emulator/src/emulator.ts'))) as typeof EmulatorModule;
const { startBff, StaffClient } = (await import(from('tests/support/bff-process.ts'))) as typeof BffProcessModule;
const { completedU2A, control } = (await import(from('tests/support/emulator-control.ts'))) as typeof ControlModule;
const { payFromAppWallet } = (await import(from('tests/support/chain-transactions.ts'))) as typeof ChainModule;

const commit = execFileSync('git', ['-C', oldDir, 'rev-parse', '--short=12', 'HEAD']).toString().trim();
const out = path.resolve(import.meta.dirname, commit);
mkdirSync(out, { recursive: true });

const ADMIN = { email: 'admin@fixture.test', password: 'fixture-admin-password' };
const PASSWORD = 'fixture-staff-password';
const emulator = await startEmulator({});
const schema = kind === 'postgres' ? `fixture_${Date.now()}` : null;
const dataDir = kind === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'plat-fixture-')) : null;
const storeEnv = dataDir ? { PLAT_DATA_DIR: dataDir } : { DATABASE_URL: schemaUrl(postgresUrl!, schema!) };
if (schema) execFileSync('psql', [postgresUrl!, '-qc', `CREATE SCHEMA ${schema}`]);

const env = {
  ...storeEnv,
  PLAT_API_KEY: emulator.key,
  PLAT_API_URL: emulator.url,
  PLAT_HORIZON_URL: emulator.horizonUrl,
  PLAT_WALLET_SEED: emulator.appWallet.seed,
  PLAT_ADMIN_EMAIL: ADMIN.email,
  PLAT_ADMIN_PASSWORD: ADMIN.password,
};
const bff = await startBff(env);
try {
  await populate(bff.url);
} catch (error) {
  process.stderr.write(bff.output());
  throw error;
} finally {
  await bff.stop();
  await emulator.close();
}

const reader = await openFixtureReader(dataDir ? { kind: 'pglite', dataDir } : { kind: 'postgres', url: storeEnv.DATABASE_URL! });
const manifest: FixtureManifest = { commit, kind, tables: await tableDigests(reader) };
await reader.close();
const empty = Object.entries(manifest.tables).filter(([, table]) => table.rows === 0).map(([name]) => name);
if (empty.length > 0) process.stderr.write(`tables left empty: ${empty.join(', ')}\n`);
writeFileSync(path.join(out, `${kind}.manifest.json`), `${JSON.stringify(manifest, null, 2)}\n`);
if (dataDir) {
  execFileSync('tar', ['cJf', path.join(out, 'pglite.tar.xz'), '-C', dataDir, '.'], { env: { ...process.env, XZ_OPT: '-9' } });
  rmSync(dataDir, { recursive: true, force: true });
} else {
  const dump = execFileSync('pg_dump', [postgresUrl!, `--schema=${schema}`, '--inserts', '--no-owner', '--no-privileges', '--no-comments']).toString();
  // psql's own commands (pg_dump's \restrict lines) are not SQL: the test loads the dump with a plain client.
  const sqlOnly = dump.split('\n').filter((line) => !line.startsWith('\\')).join('\n');
  writeFileSync(path.join(out, 'postgres.sql.gz'), gzipSync(sqlOnly.replaceAll(schema!, '__schema__')));
  execFileSync('psql', [postgresUrl!, '-qc', `DROP SCHEMA ${schema} CASCADE`]);
}
process.stdout.write(`fixture ${commit}/${kind} written to ${out}\n`);

function schemaUrl(base: string, name: string): string {
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${name},public`);
  return url.toString();
}

/** Drives the earlier console through every kind of record it keeps. */
async function populate(url: string): Promise<void> {
  const admin = await StaffClient.signIn(url, ADMIN.email, ADMIN.password);
  await admin.json('PUT', '/api/settings/reward-limits', { perRewardCap: '1000', dailyTotalPerStaff: '100000', approvalThreshold: '50' });
  await admin.json('PUT', '/api/settings/wallet', { lowBalance: '10' });
  for (const role of ['manager', 'support', 'ops'] as const) {
    await admin.json('POST', '/api/staff', { email: `${role}@fixture.test`, name: `Fixture ${role}`, role, password: PASSWORD });
  }
  await admin.json('POST', '/api/staff', { email: 'invited@fixture.test', name: 'Invited, no password yet', role: 'support' });
  await fetch(`${url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-plat-console': '1', origin: url }, body: JSON.stringify({ email: 'ops@fixture.test', password: 'a wrong password' }) });
  const manager = await StaffClient.signIn(url, 'manager@fixture.test', PASSWORD);

  const users: { uid: string }[] = [];
  for (let i = 0; i < 4; i++) users.push(await control<{ uid: string }>(emulator, 'POST', '/users', { username: `fixture_user_${i}` }));
  const [alice, bob, carol, dave] = users.map((user) => user.uid) as [string, string, string, string];

  const reward = (body: object, key: string) => manager.json<{ reward: { id: string; state: string } }>('POST', '/api/rewards', body, { 'idempotency-key': key });
  const paid = [await reward({ uid: alice, amount: '1.5', memo: 'Fixture reward one' }, 'fixture-1'), await reward({ uid: bob, amount: '2.25', memo: 'Fixture reward two' }, 'fixture-2')];
  const approved = await reward({ uid: carol, amount: '60', memo: 'Above the threshold, approved' }, 'fixture-3');
  const rejected = await reward({ uid: dave, amount: '70', memo: 'Above the threshold, rejected' }, 'fixture-4');
  await reward({ uid: 'no-such-user-in-the-fixture', amount: '1', memo: 'To nobody: fails' }, 'fixture-5');
  await admin.json('POST', `/api/rewards/${approved.reward.id}/approve`, {});
  await admin.json('POST', `/api/rewards/${rejected.reward.id}/reject`, { reason: 'Not in this month’s plan' });
  for (const { reward: { id } } of [...paid, approved]) await until(async () => (await manager.json<{ reward: { state: string } }>('GET', `/api/rewards/${id}`)).reward.state === 'completed', `reward ${id} completed`);

  const csv = `uid,amount,memo\n${alice},0.5,Batch row one\n${bob},0.75,Batch row two\n${carol},1,Batch row three\nnot a uid at all!,x,Bad row\n`;
  const upload = await manager.upload('/api/rewards/batches', csv, 'text/csv');
  const { batch } = (await upload.json()) as { batch: { id: string } };
  await manager.json('POST', `/api/rewards/batches/${batch.id}/start`, {});
  await until(async () => (await manager.json<{ batch: { state: string } }>('GET', `/api/rewards/batches/${batch.id}`)).batch.state === 'finished', 'the batch finished');

  const u2a = await completedU2A(emulator, alice, 3);
  await (await admin.request('POST', '/api/payments/import', { ids: [u2a.identifier] })).text();
  const refund = await manager.json<{ refund: { id: string } }>('POST', `/api/payments/${u2a.identifier}/refunds`, { amount: '1' }, { 'idempotency-key': 'fixture-refund' });
  await until(async () => (await manager.json<{ reward: { state: string } }>('GET', `/api/rewards/${refund.refund.id}`)).reward.state === 'completed', 'the refund completed');

  const key = await admin.json<{ secret: string; apiKey: { id: string } }>('POST', '/api/api-keys', { name: 'Fixture backend', scopes: ['rewards:write', 'rewards:read', 'users:write'] });
  const spare = await admin.json<{ apiKey: { id: string } }>('POST', '/api/api-keys', { name: 'Fixture ingest', scopes: ['ingest'] });
  await admin.json('POST', `/api/api-keys/${spare.apiKey.id}/revoke`, {});
  const bearer = { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' };
  const viaKey = await fetch(`${url}/v1/rewards`, { method: 'POST', headers: { ...bearer, 'idempotency-key': 'fixture-key-1' }, body: JSON.stringify({ uid: dave, amount: '0.25', memo: 'Paid by the app backend' }) });
  if (!viaKey.ok) throw new Error(`POST /v1/rewards → ${viaKey.status} ${await viaKey.text()}`);
  const names = await fetch(`${url}/v1/users/${alice}`, { method: 'PUT', headers: bearer, body: JSON.stringify({ username: 'alice', displayName: 'Alice Fixture' }) });
  if (!names.ok) throw new Error(`PUT /v1/users → ${names.status} ${await names.text()}`);

  const ad = await control<{ adId: string }>(emulator, 'POST', '/ads');
  await control(emulator, 'POST', `/ads/${ad.adId}/grant`);
  await (await admin.request('POST', '/api/ads/check', { adIds: [ad.adId] })).text();

  await payFromAppWallet(emulator, { to: (await control<{ wallet_address: string }>(emulator, 'POST', '/users', {})).wallet_address, amount: '0.2', memo: 'outside the console' });
  await admin.json('POST', '/api/reconciliation/run', {});
  const exceptions = await admin.json<{ exceptions: { id: string }[] }>('GET', '/api/reconciliation/exceptions');
  if (exceptions.exceptions[0]) await admin.json('POST', `/api/reconciliation/exceptions/${exceptions.exceptions[0].id}/acknowledge`, { note: 'Seen while making the fixture' });
  await admin.json('GET', '/api/payments');
}

async function until(check: () => Promise<boolean>, what: string, withinMs = 60_000): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

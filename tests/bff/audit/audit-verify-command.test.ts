import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditVerifyCommand } from '../../../bff/src/audit/audit-verify-command.ts';
import { openStore, type Store } from '../../../bff/src/store/database.ts';
import { createTestSchema, newConsoleDataDir, storeKinds } from '../../support/test-store.ts';
import { appendMany, auditLogOn, tamper } from './audit-fixtures.ts';

async function run(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await auditVerifyCommand(env, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function seed(store: Store, edit?: string) {
  const { audit, clock } = auditLogOn(store);
  await appendMany(audit, clock, 3);
  if (edit) await tamper(store, edit);
}

describe('npm run audit:verify on the embedded store', () => {
  let dataDir: string;

  // One console data directory for the file: creating one costs seconds.
  beforeAll(async () => {
    dataDir = await newConsoleDataDir();
    const store = await openStore({ kind: 'pglite', dataDir });
    await seed(store);
    await store.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says intact, with the row count and the head to note down', async () => {
    const result = await run({ PLAT_DATA_DIR: dataDir });
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(/^audit log intact, 3 rows \(head: row 3, sha256 [0-9a-f]{64}\)$/);
  });

  it('tells to stop the console, or to verify from it, while the console holds the data directory', async () => {
    const running = await openStore({ kind: 'pglite', dataDir });
    try {
      const result = await run({ PLAT_DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/in use by another console process.*stop it first, or verify from the console \(GET \/api\/audit\/verify, admin\)/);
    } finally {
      await running.close();
    }
  });

  it('names the first bad row and exits 2 (run as the npm script)', async () => {
    const store = await openStore({ kind: 'pglite', dataDir });
    await tamper(store, `UPDATE audit_events SET outcome = 'failed' WHERE id = 2`);
    await store.close();
    const script = path.resolve('scripts/audit-verify.ts');
    const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, PLAT_DATA_DIR: dataDir, DATABASE_URL: '' },
    }).catch((error: { code: number; stdout: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect(failure.stdout).toBe('audit log NOT intact: row 2 was changed: its content no longer matches its hash (3 rows)\n');
  });

  it('refuses a data directory that does not exist instead of creating an empty log', async () => {
    const result = await run({ PLAT_DATA_DIR: path.join(dataDir, 'nowhere') });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/no console data in .*nowhere/);
  });

  it('reports a configuration error', async () => {
    const result = await run({ DATABASE_URL: 'mysql://db/console' });
    expect(result).toMatchObject({ code: 1, err: expect.stringMatching(/configuration error: DATABASE_URL must be a postgres:\/\/ URL/) });
  });
});

describe.each(storeKinds.filter((kind) => kind === 'postgres'))('npm run audit:verify on %s', () => {
  it('reads DATABASE_URL like the server, and names the first bad row', async () => {
    const { url, drop } = await createTestSchema();
    try {
      const store = await openStore({ kind: 'postgres', url });
      await seed(store);
      expect(await run({ DATABASE_URL: url })).toMatchObject({ code: 0, out: expect.stringMatching(/^audit log intact, 3 rows/) });
      await tamper(store, 'DELETE FROM audit_events WHERE id = 3');
      await store.close();
      expect(await run({ DATABASE_URL: url })).toMatchObject({ code: 2, out: expect.stringMatching(/^audit log NOT intact: row 3 was removed/) });
    } finally {
      await drop();
    }
  });
});

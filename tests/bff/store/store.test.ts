import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../bff/src/store/database.ts';
import { loadMigrations, migrate } from '../../../bff/src/store/migrate.ts';
import { startNode } from '../../support/node-process.ts';
import { createTestSchema, newConsoleDataDir, openTestStore, storeKinds } from '../../support/test-store.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/open-store.ts');

/** The fixture's first line of stdout, or a rejection with all it printed if it ends before one. */
function runFixture(...args: string[]): { firstLine: Promise<string>; kill(signal?: NodeJS.Signals): Promise<void> } {
  const child = startNode(['--import', 'tsx', FIXTURE, ...args], process.env);
  return { firstLine: child.printed(/^.*(?=\n)/, CHILD_PROCESS_TESTS.timeout).then((match) => match[0]), kill: (signal = 'SIGTERM') => child.signal(signal) };
}

/**
 * The tests that start `node --import tsx` fixture processes (two of them one after the other, in one
 * test): on two cores shared with the other worker each can take several seconds to open its store.
 */
const CHILD_PROCESS_TESTS = { timeout: 60_000 };

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await newConsoleDataDir();
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.each(storeKinds)('migrations on %s', (kind) => {
  let store: Store;
  afterEach(() => store?.close());

  it('applies every migration exactly once', async () => {
    store = await openTestStore(kind);
    const applied = await store.sql.rows<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(applied.map((row) => row.version)).toEqual(loadMigrations().map((migration) => migration.version));
    expect(await migrate(store.sql)).toEqual([]);
  });

  it('keeps the audit log append-only in the database itself', async () => {
    store = await openTestStore(kind);
    await expect(store.sql.exec("UPDATE audit_head SET last_id = 0; DELETE FROM audit_events")).resolves.toBeUndefined();
    await store.sql.exec(
      "INSERT INTO audit_events (id, at, action, outcome, prev_hash, hash) VALUES (1, now(), 'x', 'ok', 'a', 'b')",
    );
    await expect(store.sql.exec("UPDATE audit_events SET outcome = 'failed'")).rejects.toThrow(/append-only/);
    await expect(store.sql.exec('DELETE FROM audit_events')).rejects.toThrow(/append-only/);
  });
});

describe.runIf(storeKinds.includes('postgres'))('PostgreSQL shared by several instances', CHILD_PROCESS_TESTS, () => {
  it('applies migrations once when two processes start at the same moment', async () => {
    const schema = await createTestSchema();
    try {
      const children = [runFixture(schema.url, 'migrate'), runFixture(schema.url, 'migrate')];
      const lines = await Promise.all(children.map((child) => child.firstLine));
      await Promise.all(children.map((child) => child.kill()));
      for (const line of lines) expect(JSON.parse(line)).toEqual({ appliedAgain: [] });
      const store = await openStore({ kind: 'postgres', url: schema.url });
      const rows = await store.sql.rows<{ version: string; n: string }>('SELECT version, count(*) AS n FROM schema_migrations GROUP BY version');
      expect(rows.map((row) => Number(row.n))).toEqual(loadMigrations().map(() => 1));
      await store.close();
    } finally {
      await schema.drop();
    }
  });
});

describe('PGlite in a data directory', CHILD_PROCESS_TESTS, () => {
  it('refuses a second process on the same directory with a clear error', async () => {
    const dir = await tempDir();
    const first = runFixture(dir);
    expect(await first.firstLine).toBe('opened');
    const second = runFixture(dir);
    expect(await second.firstLine.catch((error: Error) => error.message)).toMatch(/in use by another console process/);
    await second.kill();
    await first.kill();
  });

  it('refuses a second open in the same process, and opens again after close', async () => {
    const dir = await tempDir();
    const store = await openStore({ kind: 'pglite', dataDir: dir });
    await expect(openStore({ kind: 'pglite', dataDir: dir })).rejects.toThrow(/in use/);
    await store.close();
    const again = await openStore({ kind: 'pglite', dataDir: dir });
    // Fewer shared buffers than PostgreSQL's default keep the process's memory about half as big.
    expect(await again.sql.rows('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    await again.close();
  });

  it('keeps a committed write when the process is killed', async () => {
    const dir = await tempDir();
    const writer = runFixture(dir, 'write-and-hold');
    expect(await writer.firstLine).toBe('committed');
    await writer.kill('SIGKILL');
    const store = await openStore({ kind: 'pglite', dataDir: dir });
    const rows = await store.sql.rows<{ value: string }>("SELECT value FROM settings WHERE key = 'crash-test'");
    await store.close();
    expect(rows).toEqual([{ value: 'committed' }]);
  });
});

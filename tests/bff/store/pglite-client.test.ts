import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteClient } from '../../../bff/src/store/pglite-client.ts';
import { openTestPglite } from '../../support/test-store.ts';

/** The client the query layer runs on PGlite: statements prepared once, run in one call, PGlite's locking kept. */
describe('the PGlite client', () => {
  let instance: PGlite;
  let client: PgliteClient;

  beforeAll(async () => {
    instance = await openTestPglite();
    await instance.exec('CREATE TABLE items (id int PRIMARY KEY, label text NOT NULL, at timestamptz, body jsonb, big bigint)');
    client = new PgliteClient(instance);
  });
  afterAll(() => instance.close());

  it('serialises parameters and parses rows as PGlite does', async () => {
    const at = new Date('2026-11-24T04:00:00.123Z');
    await client.query('INSERT INTO items (id, label, at, body, big) VALUES ($1, $2, $3, $4, $5)', [1, "o'brien\\", at, { a: [1, 'x'] }, 9007199254740993n]);
    const { rows } = await client.query<{ id: number; label: string; at: Date; body: unknown; big: bigint }>('SELECT * FROM items WHERE id = $1', [1]);
    expect(rows).toEqual([{ id: 1, label: "o'brien\\", at, body: { a: [1, 'x'] }, big: 9007199254740993n }]);
    const { rows: arrays } = await client.query('SELECT id, at FROM items WHERE id = $1', [1], { rowMode: 'array', parsers: { 1184: (value: string) => value } });
    expect(arrays).toEqual([[1, '2026-11-24 04:00:00.123+00']]);
    expect((await client.query('UPDATE items SET label = $1 WHERE id = $2', ['x', 1])).affectedRows).toBe(1);
  });

  it('lets the event loop turn between statements queued behind each other', async () => {
    const done: number[] = [];
    let doneWhenTheLoopTurned = -1;
    const statements = Array.from({ length: 20 }, (_, i) => client.query('SELECT $1::int AS n', [i]).then(() => done.push(i)));
    setImmediate(() => {
      doneWhenTheLoopTurned = done.length;
    });
    await Promise.all(statements);
    expect(done).toHaveLength(20);
    expect(doneWhenTheLoopTurned).toBeGreaterThanOrEqual(0);
    expect(doneWhenTheLoopTurned).toBeLessThan(3);
  });

  it('throws the store error with its code, and goes on working', async () => {
    await expect(client.query('INSERT INTO items (id, label) VALUES ($1, $2)', [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    await expect(client.query('SELECT $1::int', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await client.query('SELECT count(*)::int AS n FROM items')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, and rolls it back when its work throws', async () => {
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, label) VALUES ($1, $2)', [2, 'two']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO items (id, label) VALUES ($1, $2)', [3, 'three']);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO items (id, label) VALUES ($1, $2)', [4, 'four']);
        await tx.query('INSERT INTO items (id, label) VALUES ($1, $2)', [2, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await client.query<{ id: number }>('SELECT id FROM items ORDER BY id')).rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('keeps statements outside a transaction, its own and PGlite’s, out of it until it ends', async () => {
    const seen: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, label) VALUES ($1, $2)', [5, 'five']);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen.push('transaction ends');
    });
    await entered;
    const outside = client.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE id = $1', [5]).then(({ rows }) => seen.push(`client sees ${rows[0]?.n}`));
    const raw = instance.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE id = 5').then(({ rows }) => seen.push(`PGlite sees ${rows[0]?.n}`));
    await Promise.all([transaction, outside, raw]);
    expect(seen).toEqual(['transaction ends', 'client sees 1', 'PGlite sees 1']);
  });

  it('closes the least recently used statements past its limit, and prepares them again when needed', async () => {
    for (let i = 0; i < 300; i++) await client.query(`SELECT $1::int + ${i} AS n`, [1]);
    const { rows } = await instance.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'plat_stmt_%'");
    expect(rows[0]?.n).toBeLessThanOrEqual(257);
    expect((await client.query('SELECT $1::int + 0 AS n', [1])).rows).toEqual([{ n: 1 }]);
  });
});

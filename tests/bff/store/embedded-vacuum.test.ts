import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../bff/src/logger.ts';
import type { Store } from '../../../bff/src/store/database.ts';
import { embeddedVacuumFor } from '../../../bff/src/store/embedded-vacuum.ts';
import { openTestStore } from '../../support/test-store.ts';

interface TableStats {
  dead: number;
  vacuumed: boolean;
  analysed: boolean;
}

async function statsOf(store: Store, table: string): Promise<TableStats> {
  const [row] = await store.sql.rows<{ dead: string; vacuumed: boolean; analysed: boolean }>(`
    SELECT n_dead_tup AS dead, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analysed
    FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = '${table}'`);
  if (!row) throw new Error(`no statistics for ${table}`);
  return { dead: Number(row.dead), vacuumed: row.vacuumed, analysed: row.analysed };
}

describe('vacuum of an embedded store', () => {
  let store: Store;
  afterEach(() => store?.close());

  it('vacuums and analyses the tables that updates left full of dead rows, and only those', async () => {
    store = await openTestStore('pglite');
    await store.sql.exec(`
      CREATE TABLE churned (id int PRIMARY KEY, state text NOT NULL);
      CREATE INDEX churned_state ON churned (state);
      INSERT INTO churned SELECT g, 'requested' FROM generate_series(1, 500) g;
      UPDATE churned SET state = 'created';
      UPDATE churned SET state = 'signed';
      UPDATE churned SET state = 'completed';
      CREATE TABLE quiet (id int PRIMARY KEY);
      INSERT INTO quiet VALUES (1);`);
    await store.sql.rows('SELECT pg_stat_force_next_flush()');
    expect((await statsOf(store, 'churned')).dead).toBeGreaterThanOrEqual(1_500);

    const vacuum = embeddedVacuumFor(store, createLogger({ level: 'silent' }));
    if (!vacuum) throw new Error('an embedded store gets a vacuum');
    expect(await vacuum.tick()).toContain('churned');

    expect(await statsOf(store, 'churned')).toEqual({ dead: 0, vacuumed: true, analysed: true });
    expect((await statsOf(store, 'quiet')).vacuumed).toBe(false);
    expect(await vacuum.tick()).toEqual([]);
  });
});

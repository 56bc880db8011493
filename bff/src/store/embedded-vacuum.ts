import type { Logger } from '../logger.ts';
import { PeriodicTask } from '../periodic-task.ts';
import type { Store } from './database.ts';
import type { SqlSession } from './migrate.ts';

const INTERVAL_MS = 60_000;

/**
 * The tables of this schema past autovacuum's default thresholds: dead row versions above 50 + 20 % of
 * the table, rows inserted since the last vacuum above 1,000 + 20 %, or rows changed since the last
 * analyze above 50 + 10 % (autovacuum_vacuum_*, autovacuum_vacuum_insert_*, autovacuum_analyze_*).
 */
const TABLES_DUE = `
  SELECT s.relname AS name
  FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.schemaname = current_schema()
    AND (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
      OR s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
  ORDER BY s.n_dead_tup DESC`;

const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * PGlite runs no autovacuum. Without it every update leaves its old row version in the embedded
 * store's table and indexes for good: a reward is updated several times on its way, so a large batch
 * leaves tens of thousands of them, and reads of the batch's rows wade through them. The planner's
 * statistics would never be refreshed either. This does autovacuum's work for an embedded store: once a
 * minute, `VACUUM (ANALYZE)` of each table past autovacuum's own thresholds. It runs on the store's
 * one connection, between other statements, as a table's vacuum takes milliseconds at this size.
 */
export class EmbeddedVacuum {
  private readonly periodic: PeriodicTask;

  constructor(private readonly deps: { sql: SqlSession; logger: Logger }) {
    this.periodic = new PeriodicTask(INTERVAL_MS, () => this.tick(), (error) => deps.logger.warn('vacuum of the embedded store failed', { error }));
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** One round: vacuums and analyses the tables that are due; answers their names. */
  async tick(): Promise<string[]> {
    // PGlite hands its statistics over once a second at most, when a statement ends: this one's end does.
    await this.deps.sql.rows('SELECT pg_stat_force_next_flush()');
    const due = await this.deps.sql.rows<{ name: string }>(TABLES_DUE);
    for (const { name } of due) await this.deps.sql.exec(`VACUUM (ANALYZE) ${quoteIdentifier(name)}`);
    return due.map((table) => table.name);
  }
}

/** The vacuum a store needs from the console: PGlite's, or none (PostgreSQL runs its own autovacuum). */
export function embeddedVacuumFor(store: Store, logger: Logger): EmbeddedVacuum | null {
  return store.kind === 'pglite' ? new EmbeddedVacuum({ sql: store.sql, logger }) : null;
}

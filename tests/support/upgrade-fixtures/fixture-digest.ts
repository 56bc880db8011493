import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../../../bff/src/store/database.ts';

/** What an earlier release's store held: per table, its columns then, its row count and a digest of those rows. */
export interface FixtureManifest {
  commit: string;
  kind: 'pglite' | 'postgres';
  tables: Record<string, { columns: string[]; rows: number; digest: string }>;
}

/** Raw SQL on a store, without the console's code (which would migrate it). */
export interface FixtureReader {
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function openFixtureReader(store: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }): Promise<FixtureReader> {
  if (store.kind === 'pglite') {
    const db = await PGlite.create(`${store.dataDir}/pglite`, { extensions: pgliteExtensions });
    await db.exec("SET TimeZone = 'UTC'");
    return { rows: async <T>(sql: string) => (await db.query<T>(sql)).rows, close: () => db.close() };
  }
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  await client.query("SET TimeZone = 'UTC'");
  return { rows: async <T>(sql: string) => (await client.query(sql)).rows as T[], close: () => client.end() };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The rows of `table` over `columns`: how many, and an order-independent digest of their text. */
export async function tableDigest(reader: FixtureReader, table: string, columns: readonly string[]): Promise<{ rows: number; digest: string }> {
  const [result] = await reader.rows<{ rows: number; digest: string }>(
    `SELECT count(*)::int AS rows, coalesce(md5(string_agg(r, E'\\n' ORDER BY r)), '') AS digest
     FROM (SELECT ROW(${columns.map(quoted).join(', ')})::text AS r FROM ${quoted(table)}) AS t`,
  );
  return result ?? { rows: 0, digest: '' };
}

/** Every table of the store's schema with its columns, rows and digest. */
export async function tableDigests(reader: FixtureReader): Promise<FixtureManifest['tables']> {
  const columns = await reader.rows<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  const tables: FixtureManifest['tables'] = {};
  for (const [table, names] of byTable) tables[table] = { columns: names, ...(await tableDigest(reader, table, names)) };
  return tables;
}

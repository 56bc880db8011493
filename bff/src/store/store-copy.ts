import type pg from 'pg';
import type { SqlSession } from './migrate.ts';

/** Rows read from the source and written to the target at a time. */
const PAGE_ROWS = 500;

/** The target, read back, is not what the source holds (the copy was committed: throw the database away). */
export class CopyMismatch extends Error {
  override readonly name = 'CopyMismatch';
}

export interface TableCopied {
  table: string;
  rows: number;
}

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** Both sessions read and write times in UTC, so that a row's text is the same on both sides. */
const UTC = "SET TimeZone = 'UTC'";

/** The store's tables, each after the tables its foreign keys point to. */
async function tablesInOrder(source: SqlSession): Promise<string[]> {
  const tables = (await source.rows<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")).map((row) => row.name);
  const references = await source.rows<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c
     WHERE c.contype = 'f' AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`,
  );
  const ordered: string[] = [];
  const placing = new Set<string>();
  const place = (table: string) => {
    if (ordered.includes(table) || placing.has(table)) return;
    placing.add(table);
    for (const { parent } of references.filter((reference) => reference.child === table && reference.parent !== table)) place(parent);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}

/** The columns a row is written with: all but generated ones. */
async function writableColumns(source: SqlSession, table: string): Promise<string[]> {
  const columns = await source.rows<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${literal(table)} AND is_generated = 'NEVER' ORDER BY ordinal_position`,
  );
  return columns.map((column) => column.name);
}

/** A table's rows in one stable order (its own text), as JSON, a page at a time. */
const pageOf = (table: string, offset: number) => `SELECT to_jsonb(t)::text AS row FROM ${quoted(table)} t ORDER BY to_jsonb(t)::text LIMIT ${PAGE_ROWS} OFFSET ${offset}`;

/** How many rows a table holds, and a digest of their text. */
const digestOf = (table: string) => `SELECT count(*)::int AS rows, coalesce(md5(string_agg(to_jsonb(t)::text, E'\\n' ORDER BY to_jsonb(t)::text)), '') AS digest FROM ${quoted(table)} t`;

/** The sequences (identity columns' among them) and where each stands. */
async function sequencesOf(session: { rows<T>(sql: string): Promise<T[]> }): Promise<Array<{ name: string; lastValue: string; isCalled: boolean }>> {
  const names = await session.rows<{ name: string }>("SELECT sequencename AS name FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename");
  const states = [];
  for (const { name } of names) {
    const [state] = await session.rows<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${quoted(name)}`);
    if (state) states.push({ name, lastValue: state.last_value, isCalled: state.is_called });
  }
  return states;
}

/** Whether the target's schema holds any table: a copy writes only into an empty one. */
export async function targetTables(target: pg.Client): Promise<string[]> {
  const { rows } = await target.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name");
  return rows.map((row) => row.name);
}

/**
 * Copies every row of every table, and where each sequence stands, from `source` (an embedded store,
 * not in use) into `target`, whose schema the same migrations have just made (and which holds only
 * what they wrote): in one transaction, so that a copy either happens whole or not at all. Identity
 * columns keep their values (OVERRIDING SYSTEM VALUE), the audit chain its rows and hashes as they
 * are, and each sequence goes on from where the source's stood, so new rows never collide.
 */
export async function copyStore(source: SqlSession, target: pg.Client): Promise<TableCopied[]> {
  await source.exec(UTC);
  await target.query(UTC);
  const tables = await tablesInOrder(source);
  await target.query('BEGIN');
  try {
    // What the migrations wrote (their own bookkeeping, seeded rows) gives way to the source's rows.
    for (const table of [...tables].reverse()) await target.query(`DELETE FROM ${quoted(table)}`);
    for (const table of tables) {
      const columns = (await writableColumns(source, table)).map(quoted).join(', ');
      for (let offset = 0; ; offset += PAGE_ROWS) {
        const page = await source.rows<{ row: string }>(pageOf(table, offset));
        if (page.length === 0) break;
        await target.query(`INSERT INTO ${quoted(table)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM jsonb_populate_recordset(null::${quoted(table)}, $1::jsonb)`, [`[${page.map((row) => row.row).join(',')}]`]);
        if (page.length < PAGE_ROWS) break;
      }
    }
    for (const sequence of await sequencesOf(source)) await target.query(`SELECT setval(${literal(quoted(sequence.name))}, $1::bigint, $2)`, [sequence.lastValue, sequence.isCalled]);
    await target.query('COMMIT');
  } catch (error) {
    await target.query('ROLLBACK');
    throw error;
  }
  return verifyCopy(source, target, tables);
}

/** Each table's rows and digest, and each sequence, the same on both sides; answers the counts, or throws what differs. */
async function verifyCopy(source: SqlSession, target: pg.Client, tables: readonly string[]): Promise<TableCopied[]> {
  const differences: string[] = [];
  const copied: TableCopied[] = [];
  for (const table of tables) {
    const [from] = await source.rows<{ rows: number; digest: string }>(digestOf(table));
    const { rows: [to] } = await target.query<{ rows: number; digest: string }>(digestOf(table));
    if (from?.rows !== to?.rows) differences.push(`${table}: ${from?.rows ?? 0} rows in the data directory, ${to?.rows ?? 0} in PostgreSQL`);
    else if (from?.digest !== to?.digest) differences.push(`${table}: the rows differ`);
    copied.push({ table, rows: from?.rows ?? 0 });
  }
  const targetSequences = new Map((await sequencesOf({ rows: async <T>(sql: string) => (await target.query(sql)).rows as T[] })).map((sequence) => [sequence.name, sequence]));
  for (const sequence of await sequencesOf(source)) {
    const there = targetSequences.get(sequence.name);
    if (there?.lastValue !== sequence.lastValue || there.isCalled !== sequence.isCalled) differences.push(`sequence ${sequence.name}: at ${sequence.lastValue} in the data directory, ${there?.lastValue ?? 'missing'} in PostgreSQL`);
  }
  if (differences.length > 0) throw new CopyMismatch(`the copy does not match its source: ${differences.join('; ')}`);
  return copied;
}

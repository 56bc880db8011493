import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * A read on a hot path, parsed and planned once per connection instead of on every call. Parsing and
 * planning are most of the cost of a small query: on PGlite a three-part read takes about 0.45 ms
 * unprepared and 0.09 ms prepared (bench/lookup-overhead.bench.ts shows where that matters).
 * Parameters are text; rows come back with the driver's usual types (timestamptz as Date, json parsed),
 * unchecked: the caller parses them.
 */
export interface PreparedStatement {
  run(parameters: readonly string[]): Promise<Array<Record<string, unknown>>>;
}

export interface StatementDefinition {
  /** Unique per store; an SQL identifier. */
  name: string;
  /** The statement, with `$1`, `$2`… for its parameters, all of type text. */
  text: string;
  parameterCount: number;
}

const NAME = /^[a-z_][a-z0-9_]*$/;

function checked(definition: StatementDefinition): StatementDefinition {
  if (!NAME.test(definition.name)) throw new Error(`not a statement name: ${definition.name}`);
  return definition;
}

function checkArity(definition: StatementDefinition, parameters: readonly string[]): void {
  if (parameters.length !== definition.parameterCount) {
    throw new Error(`${definition.name} takes ${definition.parameterCount} parameters, got ${parameters.length}`);
  }
}

/**
 * A text value as an SQL literal. PGlite has no named statements in its query API, so a prepared
 * statement is run with `EXECUTE name('…')`. With standard_conforming_strings on (checked when the
 * statement is prepared) a backslash is an ordinary character and a doubled quote is the only escape.
 */
export function textLiteral(value: string): string {
  if (value.includes('\u0000')) throw new Error('a text value cannot hold a NUL character');
  return `'${value.replaceAll("'", "''")}'`;
}

export function pglitePrepared(instance: PGlite, definition: StatementDefinition): PreparedStatement {
  const { name, text, parameterCount } = checked(definition);
  let prepared: Promise<void> | null = null;
  const prepare = async () => {
    const [setting] = (await instance.query<{ standard_conforming_strings: string }>('SHOW standard_conforming_strings')).rows;
    if (setting?.standard_conforming_strings !== 'on') throw new Error('prepared statements need standard_conforming_strings = on');
    const types = Array.from({ length: parameterCount }, () => 'text').join(', ');
    await instance.exec(`PREPARE ${name}(${types}) AS ${text}`);
  };
  return {
    run: async (parameters) => {
      checkArity(definition, parameters);
      prepared ??= prepare().catch((error: unknown) => {
        prepared = null;
        throw error;
      });
      await prepared;
      const [result] = await instance.exec(`EXECUTE ${name}(${parameters.map(textLiteral).join(', ')})`);
      return result?.rows ?? [];
    },
  };
}

export function postgresPrepared(pool: pg.Pool, definition: StatementDefinition): PreparedStatement {
  const { name, text } = checked(definition);
  return {
    run: async (parameters) => {
      checkArity(definition, parameters);
      // node-postgres prepares a named statement on each connection the first time it runs there.
      const result = await pool.query<Record<string, unknown>>({ name, text, values: [...parameters] });
      return result.rows;
    },
  };
}

import type pg from 'pg';
import type { PgliteQueryable } from './pglite-client.ts';

/**
 * A read on a hot path, parsed and planned once per connection instead of on every call. Parsing and
 * planning are most of the cost of a small query: on PGlite a three-part read takes about 0.45 ms
 * unprepared and 0.09 ms prepared (bench/lookup-overhead.bench.ts shows where that matters). On
 * PGlite every statement of the query layer is prepared this way too (pglite-client.ts).
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

/** On PGlite the client prepares every statement it runs (pglite-client.ts); this only checks the call. */
export function pglitePrepared(client: PgliteQueryable, definition: StatementDefinition): PreparedStatement {
  checked(definition);
  return {
    run: async (parameters) => {
      checkArity(definition, parameters);
      return (await client.query<Record<string, unknown>>(definition.text, [...parameters])).rows;
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

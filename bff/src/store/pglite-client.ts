import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parse, protocol, TransactionAbortedError, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/** What the query layer (drizzle-orm/pglite) calls on its client, in and out of a transaction. */
export interface PgliteQueryable {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

interface Prepared {
  name: string;
  parameterTypes: number[];
}

/** Prepared statements kept per store; the least recently used is closed past this. */
const MAX_PREPARED = 256;
let statementNames = 0;

/**
 * PGlite's own `query` sends a statement with parameters as six calls into WebAssembly (parse,
 * describe, bind, describe, execute, sync), and parses and plans it every time. This client prepares
 * each statement text once, under a name of its own, and then runs it in one call (bind, describe,
 * execute, sync): a small update costs about a fifth as much (bench/README.md, "Where the time goes:
 * rewards and batches"). Parameters are serialised and rows parsed by PGlite's own code, as its `query`
 * does. It keeps PGlite's locking: outside a transaction a statement waits for any open transaction,
 * and `store.sql` and the statements of `store.prepare` wait for this client's transactions.
 */
export class PgliteClient implements PgliteQueryable {
  private readonly prepared = new Map<string, Prepared>();
  /** Statements to close (evicted from `prepared`), sent ahead of the next statement. */
  private closing: string[] = [];

  constructor(private readonly instance: PGlite) {}

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.instance._runExclusiveTransaction(() => this.run<T>(text, params, options, true));
  }

  transaction<T>(work: (tx: PgliteQueryable) => Promise<T>): Promise<T> {
    return this.instance._runExclusiveTransaction(async () => {
      await this.run('BEGIN', [], undefined, false);
      let open = true;
      const tx: PgliteQueryable = {
        query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
          if (!open) throw new Error('Transaction is closed');
          return this.run<R>(text, params, options, false);
        },
      };
      try {
        const result = await work(tx);
        open = false;
        const commit = await this.run('COMMIT', [], undefined, true);
        if (commit.command === 'ROLLBACK') throw new TransactionAbortedError();
        return result;
      } catch (error) {
        if (open) {
          open = false;
          await this.run('ROLLBACK', [], undefined, true);
        }
        throw error;
      }
    });
  }

  private run<T>(text: string, params: unknown[], options: QueryOptions | undefined, syncToFs: boolean): Promise<Results<T>> {
    return this.instance._runExclusiveQuery(async () => {
      // PGlite runs each statement on this thread, and statements queued behind each other would run
      // back to back in one turn of the event loop: an answer from upstream that arrived meanwhile (a
      // reward's transaction applied, the next one waiting to go) would wait for all of them.
      await yieldToEventLoop();
      const statement = await this.prepare(text);
      const values = params.map((value, i) => this.serialise(value, statement.parameterTypes[i], options));
      const message = Buffer.concat([
        ...this.takeClosing(),
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
      const { messages } = await this.instance.execProtocol(message, { syncToFs, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) });
      const [result] = parse.parseResults(messages, this.instance.parsers, options);
      return (result ?? { rows: [], fields: [] }) as Results<T>;
    });
  }

  /** The named statement for `text`, parsed (and its parameter types learnt) the first time. */
  private async prepare(text: string): Promise<Prepared> {
    const known = this.prepared.get(text);
    if (known) {
      // Map order is the eviction order: a statement used now goes to the back.
      this.prepared.delete(text);
      this.prepared.set(text, known);
      return known;
    }
    const name = `plat_stmt_${++statementNames}`;
    const message = Buffer.concat([
      ...this.takeClosing(),
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]);
    const { messages } = await this.instance.execProtocol(message, { syncToFs: false });
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.prepared.set(text, statement);
    if (this.prepared.size > MAX_PREPARED) {
      const [oldest] = this.prepared;
      if (oldest) {
        this.prepared.delete(oldest[0]);
        this.closing.push(oldest[1].name);
      }
    }
    return statement;
  }

  private takeClosing(): Uint8Array[] {
    const close = this.closing.map((name) => protocol.serialize.close({ type: 'S', name }));
    this.closing = [];
    return close;
  }

  /** As PGlite's `query` serialises a parameter: by its type's serialiser, else as text. */
  private serialise(value: unknown, type: number | undefined, options: QueryOptions | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serialiser = type === undefined ? undefined : (options?.serializers?.[type] ?? this.instance.serializers[type]);
    return serialiser ? serialiser(value) : String(value);
  }
}

import type { Database } from './database.ts';

/** A transaction of the query layer. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where a query can run: the database itself, or inside a transaction. */
export type Executor = Database | Transaction;

export interface ErrorSummary {
  name: string;
  /** A SQLSTATE or a system error code, when the error has one. */
  code?: string;
  message: string;
}

const QUOTED = /"[^"]*"/g;

/**
 * What may be said about an error in a log line or an audit row: its kind and the first line of its
 * message, never a query, its parameters, or a value a database error quotes back.
 */
export function summarizeError(error: Error): ErrorSummary {
  // Drizzle wraps a store error in one whose message is the SQL and its parameters; the cause is the store's own.
  const failedQuery = 'query' in error && 'params' in error && error.cause instanceof Error;
  const source = failedQuery && error.cause instanceof Error ? error.cause : error;
  const code = (source as { code?: unknown }).code;
  const storeError = failedQuery || (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
  const firstLine = source.message.split('\n', 1)[0] ?? '';
  return {
    name: failedQuery ? 'StoreError' : source.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: storeError ? firstLine.replace(QUOTED, '"…"') : firstLine,
  };
}

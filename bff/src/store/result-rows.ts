/** The rows of a raw `execute`: PGlite answers with `{ rows }`, node-postgres with a result that has `rows` too. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

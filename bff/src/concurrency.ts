/**
 * Runs `work` over the items with at most `limit` at a time, yielding each result as it finishes
 * (not in input order). Stopping the iteration early lets the running ones finish and starts no more.
 * `work` reports failures in its result; a rejection ends the iteration.
 */
export async function* mapConcurrent<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): AsyncGenerator<R> {
  let next = 0;
  const running = new Map<number, Promise<{ slot: number; result: R }>>();
  const start = (slot: number) => {
    const item = items[next++] as T;
    running.set(slot, work(item).then((result) => ({ slot, result })));
  };
  for (let slot = 0; slot < Math.min(limit, items.length); slot++) start(slot);
  while (running.size > 0) {
    const { slot, result } = await Promise.race(running.values());
    running.delete(slot);
    if (next < items.length) start(slot);
    yield result;
  }
}

/**
 * Resolves once the event loop has gone round: sockets written to in this turn have been flushed.
 * Work that holds the thread (PGlite runs on it) waits for this so that it does not hold up I/O.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

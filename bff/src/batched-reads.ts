interface Waiter<V> {
  resolve(value: V): void;
  reject(error: unknown): void;
}

/**
 * Reads by key, many keys per call: a read asked for while another call runs waits for it to end and
 * goes with every other key asked for meanwhile, in one call of at most `maxBatch` keys. A read in a
 * quiet moment goes at once, alone, so one reader waits no longer than it would without batching.
 * Each caller gets the value read after it asked. A failed call fails the reads it carried only.
 */
export class BatchedReads<K, V> {
  private waiting = new Map<K, Array<Waiter<V>>>();
  private reading = false;

  /** `readMany` answers one value per key, in the keys' order. */
  constructor(
    private readonly readMany: (keys: K[]) => Promise<V[]>,
    private readonly maxBatch: number,
  ) {}

  read(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.reading) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.reading = true;
    try {
      while (this.waiting.size > 0) await this.readBatch(this.takeBatch());
    } finally {
      this.reading = false;
    }
  }

  private takeBatch(): Map<K, Array<Waiter<V>>> {
    const batch = new Map<K, Array<Waiter<V>>>();
    for (const [key, waiters] of this.waiting) {
      if (batch.size === this.maxBatch) break;
      batch.set(key, waiters);
      this.waiting.delete(key);
    }
    return batch;
  }

  private async readBatch(batch: Map<K, Array<Waiter<V>>>): Promise<void> {
    const keys = [...batch.keys()];
    try {
      const values = await this.readMany(keys);
      if (values.length !== keys.length) throw new Error(`read ${values.length} values for ${keys.length} keys`);
      keys.forEach((key, i) => {
        for (const waiter of batch.get(key) ?? []) waiter.resolve(values[i] as V);
      });
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}

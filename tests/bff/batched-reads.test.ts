import { describe, expect, it } from 'vitest';
import { BatchedReads } from '../../bff/src/batched-reads.ts';

/** A readMany that records its calls and answers each when told to. */
function heldReads() {
  const calls: Array<{ keys: string[]; answer(values?: string[]): void; fail(error: Error): void }> = [];
  const readMany = (keys: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ keys, answer: (values) => resolve(values ?? keys.map((key) => `value of ${key}`)), fail: reject });
    });
  return { calls, readMany };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('batched reads', () => {
  it('sends a read alone at once, and the reads asked for meanwhile together in the next call', async () => {
    const { calls, readMany } = heldReads();
    const reads = new BatchedReads(readMany, 10);

    const first = reads.read('a');
    expect(calls.map((call) => call.keys)).toEqual([['a']]);
    const later = ['b', 'c', 'b'].map((key) => reads.read(key));
    expect(calls).toHaveLength(1);

    calls[0]?.answer();
    expect(await first).toBe('value of a');
    await settle();
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b', 'c']]);
    calls[1]?.answer();
    expect(await Promise.all(later)).toEqual(['value of b', 'value of c', 'value of b']);
  });

  it('reads at most maxBatch keys in one call', async () => {
    const { calls, readMany } = heldReads();
    const reads = new BatchedReads(readMany, 2);
    const all = ['a', 'b', 'c', 'd', 'e'].map((key) => reads.read(key));
    for (let i = 0; i < 3; i++) {
      calls[i]?.answer();
      await settle();
    }
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd', 'e'].map((key) => `value of ${key}`));
  });

  it('fails only the reads of a failed call, and goes on reading', async () => {
    const { calls, readMany } = heldReads();
    const reads = new BatchedReads(readMany, 10);
    const failed = reads.read('a');
    const next = reads.read('b');
    calls[0]?.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await settle();
    calls[1]?.answer();
    expect(await next).toBe('value of b');
    const after = reads.read('c');
    await settle();
    calls[2]?.answer();
    expect(await after).toBe('value of c');
  });

  it('fails the reads of a call that answers a different number of values', async () => {
    const { calls, readMany } = heldReads();
    const reads = new BatchedReads(readMany, 10);
    const read = reads.read('a');
    calls[0]?.answer([]);
    await expect(read).rejects.toThrow('read 0 values for 1 keys');
  });
});

import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../bff/src/logger.ts';
import { BackgroundWrites } from '../../../bff/src/store/background-writes.ts';

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, logger: createLogger({ level: 'info', write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }) };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('background writes', () => {
  it('runs after the caller has gone on, one at a time, in the order given', async () => {
    const writes = new BackgroundWrites(capturingLogger().logger);
    const events: string[] = [];
    let running = 0;
    const write = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      events.push(`${name} started`);
      await tick();
      events.push(`${name} done`);
      running--;
    };
    await writes.add('first', write('first'));
    await writes.add('second', write('second'));
    events.push('caller went on');
    await writes.settled();
    expect(events).toEqual(['caller went on', 'first started', 'first done', 'second started', 'second done']);
  });

  it('logs a failed write with what it was, and goes on with the next', async () => {
    const { lines, logger } = capturingLogger();
    const writes = new BackgroundWrites(logger);
    let after = false;
    await writes.add('index payment p1', async () => {
      throw new Error('store unavailable');
    });
    await writes.add('index payment p2', async () => {
      after = true;
    });
    await writes.settled();
    expect(after).toBe(true);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', msg: 'background write failed', what: 'index payment p1' })]);
  });

  it('makes callers wait when the queue is full, so it never grows without bound', async () => {
    const writes = new BackgroundWrites(capturingLogger().logger, 2);
    let release = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    await writes.add('slow', () => blocked);
    await writes.add('queued', async () => {});
    let admitted = false;
    const third = writes.add('third', async () => {}).then(() => (admitted = true));
    await tick();
    expect(admitted).toBe(false);
    release();
    await third;
    expect(admitted).toBe(true);
    await writes.settled();
  });
});

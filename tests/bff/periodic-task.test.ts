import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicTask } from '../../bff/src/periodic-task.ts';

describe('a periodic task', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits its interval after each run: never two runs at once, and it goes on after a failed run', async () => {
    const errors: unknown[] = [];
    let running = 0;
    let mostAtOnce = 0;
    let runs = 0;
    const task = new PeriodicTask(
      1_000,
      async () => {
        runs += 1;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        running -= 1;
        if (runs === 1) throw new Error('the first run fails');
      },
      (error) => errors.push(error),
    );
    task.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(mostAtOnce).toBe(1);
    expect(runs).toBe(3);
    expect(errors).toEqual([new Error('the first run fails')]);

    const stopped = task.stop();
    await vi.advanceTimersByTimeAsync(3_000);
    await stopped;
    const runsWhenStopped = runs;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(runsWhenStopped);
  });

  it('waits, when stopped, for the run under way', async () => {
    let finished = false;
    const task = new PeriodicTask(
      1_000,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
      () => {},
    );
    task.start();
    await vi.advanceTimersByTimeAsync(1_100);
    const stopped = task.stop();
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    await stopped;
    expect(finished).toBe(true);
  });

  it('runs once per interval after a stop and a new start while a run was under way', async () => {
    let runs = 0;
    const task = new PeriodicTask(
      1_000,
      async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
      },
      () => {},
    );
    task.start();
    await vi.advanceTimersByTimeAsync(1_100);
    void task.stop();
    task.start();
    await vi.advanceTimersByTimeAsync(3_400);
    await task.stop();
    // Runs started at 1,000, then (after the new start at 1,100) at 2,100 and 3,600: one timer, not two.
    expect(runs).toBe(3);
  });

  it('runs now on request, joining a run under way, and not at all after a stop', async () => {
    let runs = 0;
    const task = new PeriodicTask(
      10_000,
      async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
      },
      () => {},
    );
    const first = task.start({ runNow: true });
    expect(task.run()).toBe(task.underWay);
    await vi.advanceTimersByTimeAsync(500);
    await first;
    expect(runs).toBe(1);
    expect(task.underWay).toBeNull();

    const asked = task.run();
    await vi.advanceTimersByTimeAsync(500);
    await asked;
    expect(runs).toBe(2);

    await task.stop();
    await task.run();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs).toBe(2);
  });
});

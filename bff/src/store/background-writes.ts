import { nextTurn } from '../concurrency.ts';
import type { Logger } from '../logger.ts';

// Beyond this many waiting writes a caller waits for room, so a slow store slows callers down
// instead of growing a queue without bound.
const DEFAULT_MAX_WAITING = 1_000;

/**
 * Store writes that a request need not wait for (keeping the payment index in step with what a
 * look-up saw), run one at a time in the order given, after the current answer has gone out.
 * Only for writes that can be redone from the platform: one lost to a crash is repaired by the next
 * look-up or refresh. A failure is logged and does not stop the writes after it.
 */
export class BackgroundWrites {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  private readonly room: Array<() => void> = [];

  constructor(
    private readonly logger: Logger,
    private readonly maxWaiting = DEFAULT_MAX_WAITING,
  ) {}

  /** Queues `write`; resolves at once, or when there is room again if the queue is full. */
  async add(what: string, write: () => Promise<void>): Promise<void> {
    while (this.waiting >= this.maxWaiting) await new Promise<void>((resolve) => this.room.push(resolve));
    this.waiting++;
    this.tail = this.tail
      // The answer is written to its socket in this turn; on PGlite the write would hold the thread first.
      .then(nextTurn)
      .then(write)
      .catch((error: unknown) => this.logger.error('background write failed', { what, error }))
      .finally(() => {
        this.waiting--;
        this.room.shift()?.();
      });
  }

  /** Resolves when every write queued so far is done (tests, shutdown). */
  settled(): Promise<void> {
    return this.tail;
  }
}

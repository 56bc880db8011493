/**
 * Runs `task` again and again until stopped, `intervalMs` after the end of the run before: runs never
 * overlap, and a slow run does not leave a backlog of runs behind it. A failed run goes to `onError`,
 * and the next one runs as planned. The timer does not keep the process alive.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  /** Bumped by start and stop, so that a run that ends after a stop (and a new start) schedules nothing. */
  private generation = 0;
  private started = false;

  constructor(
    private readonly intervalMs: number,
    private readonly task: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.generation += 1;
    this.scheduleNext();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    this.started = false;
    this.generation += 1;
    clearTimeout(this.timer);
    await this.running;
  }

  private scheduleNext(): void {
    const generation = this.generation;
    this.timer = setTimeout(() => {
      this.running = this.task().then(
        () => undefined,
        (error: unknown) => this.onError(error),
      );
      void this.running.then(() => {
        if (this.generation === generation) this.scheduleNext();
      });
    }, this.intervalMs);
    this.timer.unref();
  }
}

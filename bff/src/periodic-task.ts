/**
 * Runs `task` again and again until stopped, `intervalMs` after the end of the run before: runs never
 * overlap, and a slow run does not leave a backlog of runs behind it. `run` asks for a run now (or
 * joins the one under way). A failed run goes to `onError`, and the next one runs as planned. After
 * `stop` nothing runs until the next `start`. The timer does not keep the process alive.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private state: 'idle' | 'started' | 'stopped' = 'idle';

  constructor(
    private readonly intervalMs: number,
    private readonly task: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts the timer: the first run comes after `intervalMs`, or at once with `runNow` (and its end is returned). */
  start({ runNow = false }: { runNow?: boolean } = {}): Promise<void> {
    if (this.state === 'started') return Promise.resolve();
    this.state = 'started';
    if (runNow) return this.run();
    if (!this.running) this.scheduleNext();
    return Promise.resolve();
  }

  /** A run now, or the one under way; nothing after `stop`. */
  run(): Promise<void> {
    if (this.state === 'stopped') return Promise.resolve();
    if (this.running) return this.running;
    clearTimeout(this.timer);
    this.running = this.task()
      .then(
        () => undefined,
        (error: unknown) => this.onError(error),
      )
      .finally(() => {
        this.running = null;
        if (this.state === 'started') this.scheduleNext();
      });
    return this.running;
  }

  /** The run under way, if any. */
  get underWay(): Promise<void> | null {
    return this.running;
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    this.state = 'stopped';
    clearTimeout(this.timer);
    await this.running;
  }

  private scheduleNext(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }
}

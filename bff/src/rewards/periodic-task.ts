/** Runs `work` at start and every `intervalMs`, never two runs at once; `stop` waits for the one under way. */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  start(): Promise<void> {
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
    return this.run();
  }

  /** A run now, or the one already under way. */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The run under way, if any. */
  get underWay(): Promise<void> | null {
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

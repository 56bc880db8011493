import type { PlatformClient } from '../platform/platform-client.ts';
import { PlatformError } from '../platform/platform-error.ts';

export interface UpstreamStatus {
  ok: boolean;
  reachable: boolean;
  keyAccepted: boolean | null;
  latencyMs: number;
  error?: { code: string; message: string };
}

/** Whether the console's parts answer, and whether it still takes work. */
export class Readiness {
  constructor(
    private readonly platform: PlatformClient,
    /** Aborted when the process begins to stop: from then on it is not ready, whatever the upstream says. */
    private readonly stopping: AbortSignal,
  ) {}

  /** The process is stopping: a load balancer should send no more requests here. */
  get isStopping(): boolean {
    return this.stopping.aborted;
  }

  /** Upstream health through one cheap authenticated read: reachable, and our server key accepted. */
  async upstream(): Promise<UpstreamStatus> {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      await this.platform.listIncompleteServerPayments();
      return { ok: true, reachable: true, keyAccepted: true, latencyMs: latency() };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const reachable = error.status !== null;
      const keyRejected = error.status === 401;
      return {
        ok: false,
        reachable,
        keyAccepted: reachable ? !keyRejected : null,
        latencyMs: latency(),
        error: { code: error.code, message: keyRejected ? "The server key was not accepted" : error.message },
      };
    }
  }
}

import type { Server } from 'node:http';
import type { Logger } from '../logger.ts';
import { sleep } from '../sleep.ts';
import type { Services } from './services.ts';

/** How long closing the upstream pools and the store may take once everything else has ended. */
const CLOSE_WITHIN_MS = 5_000;
/** Past the deadline, how long releasing the leases and closing may take before the process exits 1 anyway (a store that does not answer). */
const AFTER_DEADLINE_MS = 15_000;

/**
 * Stops the background work: no new round starts, and what is under way reaches its next recovery
 * point (a reward's drive starts no step once `stopping` is aborted; an upstream call in flight is
 * answered first). Then the writes the answers did not wait for.
 */
export async function stopBackgroundWork(services: Services): Promise<void> {
  await Promise.all([
    services.eventWatch.stop(),
    services.webhookEngine.stop(),
    services.notificationFanout.stop(),
    services.reconciliation.stop(),
    services.batchRunner.stop(),
    services.rewards.stop(),
    services.rewardWorker.stop(),
    services.outcomeSettler.stop(),
  ]);
  await services.backgroundWrites.settled();
}

/** The leases this instance still holds are given up, so another instance (or the next start) takes the work at once rather than when the lease runs out. */
async function releaseLeases(services: Services, logger: Logger): Promise<void> {
  const rewards = await services.rewards.releaseLeases();
  await services.webhookEngine.releaseLeases();
  await services.reconciliation.releaseLease();
  if (rewards > 0) logger.warn('rewards still being driven at the stop deadline were released at their last recovery point; the next instance goes on from there', { rewards });
}

export interface GracefulStop {
  logger: Logger;
  /** Aborted first: readiness goes false, new requests are refused, no reward step starts. */
  stopping: AbortController;
  server: Server;
  services: Services;
  /** How long requests and work in flight get (PLAT_STOP_TIMEOUT_MS). */
  deadlineMs: number;
  /** The other background tasks (refresher, vacuum), stopped beside the services' work. */
  stopOthers: () => Promise<void>;
  /** Upstream pools and the store, once nothing uses them. */
  close: () => Promise<void>;
}

/**
 * The stop on SIGTERM or SIGINT: readiness false and no new request or reward step; requests and work
 * in flight get until the deadline; then every lease still held is released, and the store closed.
 * Whatever was still in flight at the deadline stands at its last recovery point, as after a crash.
 */
export async function stopGracefully({ logger, stopping, server, services, deadlineMs, stopOthers, close }: GracefulStop): Promise<void> {
  stopping.abort();
  setTimeout(() => {
    logger.error('the stop did not end in time: exiting; work in flight stands at its last recovery point', { deadlineMs });
    process.exit(1);
  }, deadlineMs + AFTER_DEADLINE_MS).unref();
  const requests = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const work = Promise.all([requests, stopBackgroundWork(services), stopOthers()]);
  const ended = await Promise.race([work.then(() => true), sleep(deadlineMs).then(() => false)]);
  if (!ended) {
    logger.warn('the stop deadline passed with work in flight; it stands at its last recovery point', { deadlineMs });
    server.closeAllConnections();
  }
  await releaseLeases(services, logger);
  await Promise.race([close(), sleep(CLOSE_WITHIN_MS)]);
}

/**
 * The first SIGTERM or SIGINT starts `stop`, and the process exits 0 when it has ended (1 if it
 * failed); a second one exits at once (128 + the signal's number, as a shell reports a killed
 * process), which is as safe as kill -9: every reward stands at a committed recovery point.
 */
export function onStopSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const codes = { SIGINT: 130, SIGTERM: 143 } as const;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn('second stop signal: exiting at once', { signal });
        process.exit(codes[signal]);
      }
      stopping = true;
      logger.info('stopping: no new requests, work in flight goes to its next recovery point', { signal });
      stop().then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error('the stop failed', { error });
          process.exit(1);
        },
      );
    });
  }
}

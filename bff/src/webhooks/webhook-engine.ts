import type { AuditLog } from '../audit/audit-log.ts';
import type { AuditedSetting } from '../audit/audited-setting.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { PeriodicTask } from '../periodic-task.ts';
import type { Database } from '../store/database.ts';
import { DeliveryQueue, type ClaimedDelivery } from './delivery-queue.ts';
import { ReceiverCalls } from './receiver-call.ts';
import { fanOut } from './webhook-fanout.ts';
import type { WebhookSettings } from './webhook-settings.ts';
import { signedHeaders } from './webhook-signing.ts';
import type { SecretSealer } from '../secret-sealer.ts';

/** Events turned into deliveries per transaction. */
const FANOUT_PAGE = 200;
/** How long after its deadline an attempt's lease still runs: the time to record its outcome. */
const LEASE_MARGIN_SECONDS = 5;

export interface WebhookEngineOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  audit: AuditLog;
  settings: AuditedSetting<WebhookSettings>;
  /** Opens the endpoints' sealed signing secrets. */
  sealer: SecretSealer;
  /** Names this process in delivery leases. */
  instanceId: string;
  /** Whether no other process can share the store (PGlite): then no lease found at start is alive. */
  singleProcess: boolean;
  /** Attempts in flight at once (default 8): the engine's own limit, apart from everything that pays. */
  concurrency?: number;
  /** How often to look for new events and due deliveries (default 500 ms). */
  intervalMs?: number;
  /** Each attempt's deadline (default 10 s). */
  deadlineMs?: number;
}

/**
 * Delivers events and messages to webhook targets, at least once: reads the event log on into
 * deliveries, then makes the due attempts, each under a lease and outside any transaction, at most
 * `concurrency` at a time. Nothing of the reward pipeline is shared: no lock, no connection held while a
 * receiver takes its time, no slot of its own limits.
 */
export class WebhookEngine {
  private readonly sending = new Map<string, Promise<void>>();
  private readonly task: PeriodicTask;
  private readonly calls: ReceiverCalls;
  private readonly queue: DeliveryQueue;
  private stopping = false;

  constructor(private readonly options: WebhookEngineOptions) {
    const deadlineMs = options.deadlineMs ?? 10_000;
    this.calls = new ReceiverCalls(deadlineMs);
    this.queue = new DeliveryQueue(options, Math.ceil(deadlineMs / 1_000) + LEASE_MARGIN_SECONDS);
    this.task = new PeriodicTask(options.intervalMs ?? 500, () => this.round(), (error) => options.logger.error('webhook deliveries could not be read', { error }));
  }

  async start(): Promise<void> {
    if (this.options.singleProcess) await this.queue.releaseAll();
    await this.task.start({ runNow: true });
  }

  /** Looks for work now instead of at the next turn of the timer (after an enqueue, and by tests). */
  tick(): Promise<void> {
    return this.task.run();
  }

  /** Resolves when no round and no attempt is under way (tests). */
  async idle(): Promise<void> {
    while (this.sending.size > 0 || this.task.underWay) {
      await this.task.underWay;
      await Promise.allSettled(this.sending.values());
    }
  }

  /**
   * Stops looking and cuts the attempts in flight short, recording none of them: each is made again
   * once its lease ends (at the next start on PGlite), as after a crash, so a shutdown never waits for
   * a slow receiver.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.task.stop();
    await this.calls.close();
    await Promise.allSettled(this.sending.values());
  }

  /** At a stop, for attempts still under way at its deadline: their leases are given up, and they are made again later. */
  releaseLeases(): Promise<void> {
    return this.queue.releaseHeldBy(this.options.instanceId);
  }

  private async round(): Promise<void> {
    const { db, clock, settings, instanceId, concurrency = 8 } = this.options;
    this.calls.allowedNetworks = (await settings.get()).allowedPrivateNetworks;
    while ((await fanOut(db, clock, FANOUT_PAGE)) === FANOUT_PAGE);
    const free = concurrency - this.sending.size;
    if (free <= 0) return;
    for (const delivery of await this.queue.claimDue(instanceId, free)) {
      const attempt = this.attempt(delivery)
        .catch((error: unknown) => this.options.logger.error('a webhook attempt could not be recorded', { deliveryId: delivery.id, error }))
        .finally(() => {
          this.sending.delete(delivery.id);
          void this.tick();
        });
      this.sending.set(delivery.id, attempt);
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const at = this.options.clock.now();
    const { format, secrets, url } = delivery.endpoint;
    const headers = format === 'slack' ? {} : signedHeaders(delivery.eventId, at, delivery.body, secrets);
    const result = await this.calls.post(new URL(url), headers, delivery.body);
    if (this.stopping) return;
    await this.queue.record(delivery, this.options.instanceId, at, result);
  }
}

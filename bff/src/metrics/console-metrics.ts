import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Logger } from '../logger.ts';
import type { ConsoleReadings } from './console-readings.ts';
import { eventMetrics, type EventObservers } from './event-metrics.ts';
import { stateMetrics } from './state-metrics.ts';

/**
 * The console's one metrics registry, and the only module (with its neighbours in metrics/) that
 * knows prom-client. The parts that count things as they happen get the observers their folders
 * declare (`observers`); the gauges of what stands now are read at scrape time (`readFrom`). Node's own
 * metrics come with it: the event loop's lag (nodejs_eventloop_lag_seconds), memory, CPU, garbage collection.
 */
export class ConsoleMetrics {
  private readonly registry = new Registry();
  readonly observers: EventObservers;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // Gauges named like counters, which Prometheus' checker flags; nodejs_active_resources tells the same.
    for (const misnamed of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) this.registry.removeSingleMetric(misnamed);
    this.observers = eventMetrics(this.registry);
  }

  /** Adds the gauges read from the store and the wallet at each scrape; once, when the services exist. */
  readFrom(readings: ConsoleReadings, logger: Logger): void {
    stateMetrics(this.registry, readings, logger);
  }

  /** The exposition in Prometheus' text format. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

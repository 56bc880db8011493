import type { Logger } from '../logger.ts';
import type { BackgroundWrites } from '../store/background-writes.ts';
import type { PaymentIndex } from './payment-index.ts';
import type { Sighting } from './touch-unchanged.ts';

function sameSnapshot(a: Sighting, b: Sighting): boolean {
  const [x, y] = [a.payment, b.payment];
  return (
    x.status.developer_approved === y.status.developer_approved &&
    x.status.transaction_verified === y.status.transaction_verified &&
    x.status.developer_completed === y.status.developer_completed &&
    x.status.cancelled === y.status.cancelled &&
    x.status.user_cancelled === y.status.user_cancelled &&
    (x.transaction?.txid ?? null) === (y.transaction?.txid ?? null) &&
    (x.transaction?.verified ?? null) === (y.transaction?.verified ?? null)
  );
}

/**
 * The index writes look-ups leave for after their answers, coalesced: the look-ups answered while one
 * write runs are written together by the next, with one statement for all those that changed nothing
 * (one row per payment, with its latest look-up's time, however many look-ups of it there were).
 * The others (new, changed) are recorded one look-up at a time, in order, each with its own time, as
 * the look-up showed them. The index ends as it would after one write per look-up.
 */
export class LookupWrites {
  private pending: Sighting[] = [];

  constructor(
    private readonly deps: { index: PaymentIndex; writes: BackgroundWrites; logger: Logger },
  ) {}

  /** Queues the write of what a look-up saw; resolves at once, or when the background writes have room. */
  async add(sighting: Sighting): Promise<void> {
    this.pending.push(sighting);
    // A write that has not started yet takes this one too.
    if (this.pending.length > 1) return;
    await this.deps.writes.add('index looked-up payments', () => this.writePending());
  }

  private async writePending(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const byPayment = new Map<string, Sighting[]>();
    for (const sighting of batch) {
      const sightings = byPayment.get(sighting.payment.identifier);
      if (sightings) sightings.push(sighting);
      else byPayment.set(sighting.payment.identifier, [sighting]);
    }
    const touchable: Sighting[] = [];
    for (const sightings of byPayment.values()) {
      const [first] = sightings;
      const last = sightings.at(-1);
      if (first && last && sightings.every((sighting) => sameSnapshot(sighting, first))) {
        touchable.push({ payment: last.payment, at: new Date(Math.max(...sightings.map((sighting) => sighting.at.getTime()))) });
      }
    }
    const touched = await this.deps.index.touchUnchanged(touchable);
    for (const [id, sightings] of byPayment) {
      if (touched.has(id)) continue;
      for (const { payment, at } of sightings) {
        await this.deps.index.record([payment], 'lookup', at).catch((error: unknown) => this.deps.logger.error('background write failed', { what: `index payment ${id}`, error }));
      }
    }
  }
}

import type { AuditEntry } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Logger } from '../logger.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { Payment } from '../platform/schemas.ts';
import type { PaymentIndex } from './payment-index.ts';
import { paymentTarget } from './payment-timeline.ts';

/** The payment actions whose answer can be lost. */
export type SettleableAction = 'payment.cancel' | 'payment.complete';

/** Actions whose answer can be lost, and what a re-read payment shows once they took effect. */
const EFFECTS: Record<SettleableAction, { applied(payment: Payment): boolean; yes: string; no: string }> = {
  'payment.cancel': { applied: (payment) => payment.status.cancelled, yes: 'cancelled', no: 'not cancelled' },
  'payment.complete': { applied: (payment) => payment.status.developer_completed, yes: 'completed', no: 'not completed' },
};

/** Whether a re-read payment shows that the action took effect. */
export function tookEffect(action: SettleableAction, payment: Payment): boolean {
  return EFFECTS[action].applied(payment);
}

const isSettleable = (action: string): action is SettleableAction => Object.hasOwn(EFFECTS, action);

/** An action audited with an `unknown` outcome: the row to settle and whom it was done by. */
export interface UnsettledAction {
  auditId: number;
  action: SettleableAction;
  paymentId: string;
  origin: Pick<AuditEntry, 'actor' | 'clientIp' | 'requestId'>;
}

export const DEFAULT_SETTLE_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000] as const;

/**
 * Settles cancels and completes whose answer was lost: re-reads the payment soon, with back-off,
 * and appends how it ended as a new audit row (`<action>.settled`, `details.settles` = the first
 * row's id). A payment that still shows no effect after the last re-read is settled as not done;
 * one the platform cannot be read for stays unsettled until the next start.
 */
export class OutcomeSettler {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Re-reads under way: `stop` lets each record what it learnt. */
  private readonly settling = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly deps: { platform: PlatformClient; index: PaymentIndex; audit: AuditLog; logger: Logger; delaysMs?: readonly number[] },
  ) {}

  /** Starts settling one action in the background. */
  watch(action: UnsettledAction): void {
    this.schedule(action, 0);
  }

  /** At start: every action left unsettled by an earlier run. */
  async resume(): Promise<void> {
    for (const event of await this.deps.audit.unsettled()) {
      const prefix = paymentTarget('');
      const paymentId = event.target?.startsWith(prefix) ? event.target.slice(prefix.length) : null;
      const { action } = event;
      if (!paymentId || !isSettleable(action)) continue;
      const origin = { actor: event.actor, clientIp: event.clientIp, requestId: event.requestId };
      this.watch({ auditId: event.id, action, paymentId, origin });
    }
  }

  /** No re-read starts after this; the ones under way end first. What is left unsettled is taken up at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled(this.settling);
  }

  private schedule(action: UnsettledAction, attempt: number): void {
    const delays = this.deps.delaysMs ?? DEFAULT_SETTLE_DELAYS_MS;
    const delay = delays[attempt];
    if (this.stopped || delay === undefined) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const settling = this.settle(action, attempt === delays.length - 1).then(
        (settled) => {
          if (!settled) this.schedule(action, attempt + 1);
        },
        (error: unknown) => {
          this.deps.logger.warn('settling a lost answer failed', { auditId: action.auditId, error });
          this.schedule(action, attempt + 1);
        },
      );
      this.settling.add(settling);
      void settling.finally(() => this.settling.delete(settling));
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  /** Whether the action is settled now. */
  private async settle(action: UnsettledAction, last: boolean): Promise<boolean> {
    const rule = EFFECTS[action.action];
    const payment = await this.deps.platform.getPayment(action.paymentId);
    await this.deps.index.record([payment], 'action');
    const applied = rule.applied(payment);
    if (!applied && !last) return false;
    await this.deps.audit.append({
      ...action.origin,
      action: `${action.action}.settled`,
      target: paymentTarget(action.paymentId),
      outcome: applied ? 'ok' : 'failed',
      details: { settles: action.auditId, settled: applied ? rule.yes : rule.no },
    });
    return true;
  }
}

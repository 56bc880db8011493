import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { refusal } from '../domain/refusal.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { PlatformError } from '../platform/platform-error.ts';
import type { Payment } from '../platform/schemas.ts';
import { tookEffect, type OutcomeSettler } from './outcome-settler.ts';
import type { PaymentIndex } from './payment-index.ts';
import { derivePaymentState } from './payment-state.ts';
import { paymentTarget } from './payment-timeline.ts';
import { viewOf, type PaymentView } from './payment-view.ts';

interface CompletionRefusal {
  /** The platform's own code where the platform would refuse the same way. */
  code: 'already_completed' | 'cancelled_payment' | 'not_completable';
  message: string;
}

/** Why a payment cannot be completed by the console now, or null when it can. */
function completionRefusal(payment: Payment): CompletionRefusal | null {
  const state = derivePaymentState(payment);
  if (state === 'completed') return { code: 'already_completed', message: 'It is completed already.' };
  if (state === 'cancelled' || state === 'cancelled_by_user') return { code: 'cancelled_payment', message: 'It is cancelled.' };
  if (!payment.transaction) return { code: 'not_completable', message: 'It has no blockchain transaction yet.' };
  if (!payment.transaction.verified || !payment.status.transaction_verified) return { code: 'not_completable', message: 'Its blockchain transaction is not verified.' };
  return null;
}

interface ActionSpec {
  action: 'payment.cancel' | 'payment.complete';
  /** What the request asks for, audited before the platform is called. */
  details: Record<string, unknown>;
  run(): Promise<Payment>;
}

/**
 * Cancel and complete. Each is audited before the platform is called (no audit row, no call) and
 * again with its outcome; an answer lost on the way is settled by reading the payment again, at
 * once and then in the background (`OutcomeSettler`).
 */
export class PaymentActions {
  constructor(private readonly deps: { platform: PlatformClient; index: PaymentIndex; audit: AuditLog; settler: OutcomeSettler }) {}

  async cancel(paymentId: string, reason: string, origin: AuditOrigin): Promise<PaymentView> {
    const { platform } = this.deps;
    return this.perform(paymentId, origin, {
      action: 'payment.cancel',
      details: { reason },
      run: () => platform.cancelPayment(paymentId),
    });
  }

  /**
   * Completes with the payment's own txid, read fresh from the platform: never a txid typed by a person.
   * An attempt the console refuses itself, or cannot read the payment for, is audited like one the platform refuses.
   */
  async complete(paymentId: string, origin: AuditOrigin): Promise<PaymentView> {
    const { platform, index, audit } = this.deps;
    const target = paymentTarget(paymentId);
    let current: Payment;
    try {
      current = await platform.getPayment(paymentId);
    } catch (error) {
      if (error instanceof PlatformError) await this.auditPlatformFailure(origin, 'payment.complete', target, error, {});
      throw error;
    }
    await index.record([current], 'action');
    const blocked = completionRefusal(current);
    const txid = current.transaction?.txid;
    if (blocked || !txid) {
      const { code, message } = blocked ?? { code: 'not_completable', message: 'It has no transaction.' };
      await audit.append({ ...origin, action: 'payment.complete', target, outcome: 'refused', details: { code, message } });
      // 'rejected', as the platform's own refusal of the same code is: one refusal, one status.
      throw refusal('rejected', code, `This payment cannot be completed. ${message}`);
    }
    return this.perform(paymentId, origin, {
      action: 'payment.complete',
      details: { txid },
      run: () => platform.completePayment(paymentId, txid),
    });
  }

  private async perform(paymentId: string, origin: AuditOrigin, spec: ActionSpec): Promise<PaymentView> {
    const { platform, index, audit } = this.deps;
    const target = paymentTarget(paymentId);
    await audit.append({ ...origin, action: `${spec.action}.requested`, target, outcome: 'ok', details: spec.details });
    let result: Payment;
    // The platform's answer, recorded with successes too so the audit shows what the platform said.
    let upstream = { status: 200, code: 'ok' };
    try {
      result = await spec.run();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const confirmed = error.outcomeUnknown ? await this.reread(paymentId) : null;
      if (confirmed && tookEffect(spec.action, confirmed)) {
        result = confirmed;
        upstream = { status: 200, code: 'confirmed_by_reread' };
      } else {
        if (error.payment) await index.record([error.payment], 'action');
        const auditId = await this.auditPlatformFailure(origin, spec.action, target, error, spec.details);
        if (error.outcomeUnknown) this.deps.settler.watch({ auditId, action: spec.action, paymentId, origin });
        throw error;
      }
    }
    await index.record([result], 'action');
    await audit.append({ ...origin, action: spec.action, target, outcome: 'ok', upstream, details: spec.details });
    return viewOf(result);
  }

  /** A lost answer is audited as `unknown`, never as `failed`: the platform may have done it; the settler finds out. */
  private auditPlatformFailure(origin: AuditOrigin, action: ActionSpec['action'], target: string, error: PlatformError, details: Record<string, unknown>): Promise<number> {
    return this.deps.audit.append({
      ...origin,
      action,
      target,
      outcome: error.outcomeUnknown ? 'unknown' : error.answered ? 'refused' : 'failed',
      upstream: { status: error.status, code: error.code },
      details: { ...details, message: error.message, ...(error.outcomeUnknown ? { outcomeUnknown: true } : {}) },
    });
  }

  private async reread(paymentId: string): Promise<Payment | null> {
    try {
      return await this.deps.platform.getPayment(paymentId);
    } catch {
      return null;
    }
  }
}

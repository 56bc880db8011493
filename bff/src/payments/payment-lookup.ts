import { ApiError } from '../http/api-error.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { PlatformError } from '../platform/platform-error.ts';
import type { Database } from '../store/database.ts';
import type { PaymentIndex } from './payment-index.ts';
import { paymentTimeline, type TimelineEntry } from './payment-timeline.ts';
import { viewOf, type PaymentView } from './payment-view.ts';

/** A payment fresh from the platform (so it works for payments never seen before), indexed, with its timeline. */
export async function lookUpPayment(
  deps: { db: Database; platform: PlatformClient; index: PaymentIndex },
  id: string,
): Promise<{ payment: PaymentView; timeline: TimelineEntry[] }> {
  let payment;
  try {
    payment = await deps.platform.getPayment(id);
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) throw new ApiError(404, 'payment_not_found', 'No payment with this id on the platform.');
    throw error;
  }
  await deps.index.record([payment], 'lookup');
  return { payment: viewOf(payment), timeline: await paymentTimeline(deps.db, id) };
}

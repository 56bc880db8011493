import { ingestPayments, getPayment, listPayments } from './payment-operations.ts';
import { createReward, getReward, listRewards } from './reward-operations.ts';

/** Every operation of the public API, in the document's order; public-api-routes.ts serves each. */
export const PUBLIC_API_OPERATIONS = [createReward, getReward, listRewards, getPayment, listPayments, ingestPayments];

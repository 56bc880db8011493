import { listEvents } from './event-operations.ts';
import { ingestPayments, getPayment, listPayments } from './payment-operations.ts';
import { createRefund, getRefund } from './refund-operations.ts';
import { createReward, getReward, listRewards } from './reward-operations.ts';
import { putManyUserNames, putUserNames } from './user-operations.ts';

/** Every operation of the public API, in the document's order; public-api-routes.ts serves each. */
export const PUBLIC_API_OPERATIONS = [createReward, getReward, listRewards, createRefund, getRefund, getPayment, listPayments, ingestPayments, putUserNames, putManyUserNames, listEvents];

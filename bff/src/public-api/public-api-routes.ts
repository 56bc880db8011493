import type { MiddlewareHandler } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import { currentApiKey, requireScope, type ApiKeyGuardDeps } from '../guards/api-key-guard.ts';
import { auditContext } from '../guards/request-origin.ts';
import { requireAccess } from '../guards/require-access.ts';
import { checkJsonBody } from '../http/validate.ts';
import type { PaymentImporter } from '../payments/payment-import.ts';
import type { PaymentQueries } from '../payments/payment-queries.ts';
import type { RefundService } from '../refunds/refund-service.ts';
import type { RewardService } from '../rewards/reward-service.ts';
import type { UserNameService } from '../users/user-names.ts';
import type { ApiOperation } from './api-operation.ts';
import { getPayment, ingestPayments, listPayments } from './payment-operations.ts';
import { publicPaymentOf } from './payment-schemas.ts';
import { createPublicApi, OPENAPI_DOCUMENT_PATH, openApiDocumentOf } from './public-api.ts';
import { createRefund, getRefund } from './refund-operations.ts';
import { createReward, getReward, listRewards } from './reward-operations.ts';
import { putManyUserNames, putUserNames } from './user-operations.ts';
import { publicRefundOf, publicRewardOf } from '../rewards/public-reward.ts';

export interface PublicApiDeps {
  audit: AuditLog;
  keyGuard: ApiKeyGuardDeps;
  rewards: RewardService;
  payments: PaymentQueries;
  importer: PaymentImporter;
  refunds: RefundService;
  userNames: UserNameService;
}

/** A JSON body says it is JSON and nests within bounds, as on every staff route (http/validate.ts). */
const jsonBodyChecks: MiddlewareHandler = async (c, next) => {
  await checkJsonBody(c);
  await next();
};

/** The operation's route, behind the guard of its API-key scope (and the JSON body checks, when it reads a body). */
function guarded<Operation extends ApiOperation>({ permission, route }: Operation, keyGuard: ApiKeyGuardDeps): Operation['route'] {
  return { ...route, middleware: [requireScope(permission, keyGuard), ...(route.request?.body ? [jsonBodyChecks] : [])] };
}

/**
 * The API the app's backend calls, under /v1, and its OpenAPI document (public). Each operation calls
 * the service its staff route calls: one code path for money.
 */
export function publicApiRoutes({ audit, keyGuard, rewards, payments, importer, refunds, userNames }: PublicApiDeps) {
  const api = createPublicApi();
  api.openapi(guarded(createReward, keyGuard), async (c) => {
    const { confirmLookAlike, ...wanted } = c.req.valid('json');
    const { reward, created } = await rewards.request({
      idempotencyKey: c.req.valid('header')['idempotency-key'],
      reward: wanted,
      confirmLookAlike,
      requestedBy: currentApiKey(c).id,
      origin: auditContext(c),
    });
    return c.json({ reward: publicRewardOf(reward) }, created ? 201 : 200);
  });
  api.openapi(guarded(getReward, keyGuard), async (c) => c.json({ reward: publicRewardOf((await rewards.get(c.req.valid('param').id)).reward) }, 200));
  api.openapi(guarded(listRewards, keyGuard), async (c) => {
    const page = await rewards.list(c.req.valid('query'));
    return c.json({ rewards: page.rewards.map(publicRewardOf), nextCursor: page.nextCursor }, 200);
  });
  api.openapi(guarded(createRefund, keyGuard), async (c) => {
    const { refund, created } = await refunds.refund({
      ...c.req.valid('json'),
      idempotencyKey: c.req.valid('header')['idempotency-key'],
      requestedBy: currentApiKey(c).id,
      origin: auditContext(c),
    });
    return c.json({ refund: publicRefundOf(refund) }, created ? 201 : 200);
  });
  api.openapi(guarded(getRefund, keyGuard), async (c) => c.json({ refund: publicRefundOf(await refunds.get(c.req.valid('param').id)) }, 200));
  api.openapi(guarded(getPayment, keyGuard), async (c) => c.json({ payment: publicPaymentOf((await payments.lookUp(c.req.valid('param').id)).payment) }, 200));
  api.openapi(guarded(listPayments, keyGuard), async (c) => {
    const page = await payments.page(c.req.valid('query'));
    return c.json({ payments: page.payments.map(publicPaymentOf), nextCursor: page.nextCursor }, 200);
  });
  api.openapi(guarded(ingestPayments, keyGuard), async (c) => c.json({ results: await importer.runAll(c.req.valid('json').ids, 'ingest') }, 200));
  api.openapi(guarded(putUserNames, keyGuard), async (c) => c.json({ user: await userNames.put(c.req.valid('param').uid, c.req.valid('json'), auditContext(c)) }, 200));
  api.openapi(guarded(putManyUserNames, keyGuard), async (c) => c.json(await userNames.putMany(c.req.valid('json').users, auditContext(c)), 200));

  let document: ReturnType<typeof openApiDocumentOf> | undefined;
  api.get(OPENAPI_DOCUMENT_PATH, requireAccess('public', audit), (c) => c.json((document ??= openApiDocumentOf(api))));
  return api;
}

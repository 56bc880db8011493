import { Hono, type MiddlewareHandler } from 'hono';
import { adRoutes } from '../ads/ad-routes.ts';
import { auditRoutes } from '../audit/audit-routes.ts';
import { apiKeyRoutes } from '../auth/api-key-routes.ts';
import { secondFactorRoutes } from '../auth/second-factor-routes.ts';
import { passkeyRoutes } from '../auth/passkey-routes.ts';
import { sessionRoutes } from '../auth/session-routes.ts';
import type { Mode } from '../config.ts';
import { denyUndeclaredAccess } from '../guards/require-access.ts';
import { sameOriginGuard } from '../guards/same-origin-guard.ts';
import { sessionMiddleware } from '../guards/session-middleware.ts';
import { accessLog } from '../http/access-log.ts';
import type { AppEnv } from '../http/app-env.ts';
import { bodySizeLimit } from '../http/body-size-limit.ts';
import { clientAddress } from '../http/client-address.ts';
import { createErrorHandler, notFoundHandler } from '../http/error-handlers.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { stoppingGuard } from '../http/stopping-guard.ts';
import { requestIds } from '../http/request-id.ts';
import { spaRoutes } from '../http/spa.ts';
import { strictJsonBody } from '../http/strict-json-body.ts';
import { incompleteRoutes } from '../incomplete/incomplete-routes.ts';
import type { Logger } from '../logger.ts';
import { walletRoutes } from '../wallet/wallet-routes.ts';
import { reconciliationRoutes } from '../reconciliation/reconciliation-routes.ts';
import { overviewRoutes } from '../overview/overview-routes.ts';
import { notificationRoutes } from '../notifications/notification-routes.ts';
import { ingestRoutes } from '../payments/ingest-routes.ts';
import { paymentRoutes } from '../payments/payment-routes.ts';
import { PUBLIC_API_BASE } from '../public-api/public-api.ts';
import { publicApiRoutes } from '../public-api/public-api-routes.ts';
import { MAX_BATCH_CSV_BYTES } from '../../../common/batch-csv.ts';
import { approvalRoutes } from '../approvals/approval-routes.ts';
import { BATCH_UPLOAD_PATH, batchRoutes } from '../batches/batch-routes.ts';
import { rewardLimitRoutes } from '../rewards/reward-limit-routes.ts';
import { rewardRoutes } from '../rewards/reward-routes.ts';
import { refundRoutes } from '../refunds/refund-routes.ts';
import type { Services } from './services.ts';
import { staffRoutes } from '../staff/staff-routes.ts';
import { systemRoutes } from '../system/system-routes.ts';
import { userRoutes } from '../users/user-routes.ts';
import { webhookRoutes } from '../webhooks/webhook-routes.ts';

export interface AppDeps {
  mode: Mode;
  logger: Logger;
  services: Services;
  /** Directory of the built SPA; without it only /api is served. */
  staticDir?: string;
}

function apiRoutes({ mode, services }: AppDeps) {
  const { audit } = services;
  return new Hono<AppEnv>()
    .route('/', systemRoutes({ mode, readiness: services.readiness, audit }))
    .route('/', sessionRoutes({ auth: services.auth, audit, secondFactors: services.secondFactors }))
    .route('/', secondFactorRoutes({ audit, enrolment: services.secondFactorEnrolment, policy: services.secondFactorPolicy }))
    .route('/', passkeyRoutes({ audit, passkeys: services.passkeys, assertions: services.passkeyAssertions, passkeySignIn: services.passkeySignIn, secondFactors: services.secondFactors, relyingParty: services.relyingParty }))
    .route('/', staffRoutes({ staffService: services.staff, audit }))
    .route('/', auditRoutes({ audit, auditService: services.auditService }))
    .route('/', paymentRoutes({ audit, queries: services.paymentQueries, actions: services.paymentActions, importer: services.paymentImporter }))
    .route('/', ingestRoutes({ keyGuard: services.keyGuard, importer: services.paymentImporter }))
    .route('/', apiKeyRoutes({ audit, keys: services.apiKeys }))
    .route('/', incompleteRoutes({ audit, incomplete: services.incomplete }))
    .route('/', adRoutes({ audit, ads: services.ads }))
    // Before the single rewards, so that /rewards/batches and /rewards/awaiting-approval are not read as /rewards/:id.
    .route('/', batchRoutes({ audit, batches: services.rewardBatches, list: services.rewardBatchList }))
    .route('/', approvalRoutes({ audit, approvals: services.approvals }))
    .route('/', rewardRoutes({ audit, rewards: services.rewards, lookAlikes: services.lookAlikes }))
    .route('/', rewardLimitRoutes({ audit, limits: services.rewardLimits }))
    .route('/', refundRoutes({ audit, refunds: services.refunds }))
    .route('/', overviewRoutes({ audit, overview: services.overview }))
    .route('/', walletRoutes({ audit, wallet: services.wallet, settings: services.walletSettings }))
    .route('/', reconciliationRoutes({ audit, schedule: services.reconciliation, exceptions: services.reconciliationExceptions, rollForward: services.rollForward }))
    .route('/', userRoutes({ audit, users: services.users, suggestions: services.userSuggestions }))
    .route('/', webhookRoutes({ audit, endpoints: services.webhookEndpoints, actions: services.webhookDeliveries, log: services.webhookLog, settings: services.webhookSettings }))
    .route('/', notificationRoutes({ audit, inbox: services.notificationInbox, preferences: services.notificationPreferences }));
}

/** The API's type, for the SPA's typed client (`hc<AppType>('/api')`). */
export type AppType = ReturnType<typeof apiRoutes>;

export function createApp(deps: AppDeps) {
  const { audit, sessions, secondFactors } = deps.services;
  const app = new Hono<AppEnv>();
  app.use(requestIds);
  app.use(clientAddress);
  app.use(async (c, next) => {
    c.set('logger', deps.logger);
    await next();
  });
  app.use(accessLog(deps.logger));
  app.use(securityHeaders);
  app.use(stoppingGuard(() => deps.services.readiness.isStopping));
  app.onError(createErrorHandler(deps.logger));

  const defaultBodyLimit = bodySizeLimit();
  // A 50,000-row batch CSV is larger than the 1 MiB every other request is held to.
  const batchUploadLimit = bodySizeLimit(MAX_BATCH_CSV_BYTES);
  const bodyLimitFor: MiddlewareHandler = (c, next) => (c.req.method === 'POST' && c.req.path === BATCH_UPLOAD_PATH ? batchUploadLimit : defaultBodyLimit)(c, next);
  app.use('/api/*', bodyLimitFor, strictJsonBody, sessionMiddleware(sessions, secondFactors), sameOriginGuard(audit, ['/api/ingest/']), denyUndeclaredAccess);
  app.route('/api', apiRoutes(deps));
  app.all('/api/*', notFoundHandler);
  // The app's backend, with an API key: the same body rules, and no session and no same-origin rule (no browser calls it).
  app.use(`${PUBLIC_API_BASE}/*`, defaultBodyLimit, strictJsonBody, denyUndeclaredAccess);
  app.route('/', publicApiRoutes({ audit, keyGuard: deps.services.keyGuard, rewards: deps.services.rewards, payments: deps.services.paymentQueries, importer: deps.services.paymentImporter, refunds: deps.services.refunds, userNames: deps.services.userNames, events: deps.services.events }));
  app.all(`${PUBLIC_API_BASE}/*`, notFoundHandler);
  if (deps.staticDir) app.route('/', spaRoutes(deps.staticDir));
  app.notFound(notFoundHandler);
  return app;
}

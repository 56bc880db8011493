/**
 * The BFF as the SPA sees it: types only, no runtime value. The dashboard imports nothing else of bff/
 * (a rule in .dependency-cruiser.cjs); a value both sides need lives in common/.
 */
export type { AppType } from './app/app.ts';
export type { ErrorEnvelope, UpstreamErrorInfo } from './http/api-error.ts';
export type { Role } from './domain/roles.ts';
export type { Access, Permission } from './auth/permissions.ts';
export type { AuditAction } from './audit/audit-action.ts';
export type { SecondFactorKind } from './auth/second-factor-proof.ts';
export type { SecondFactorStatus } from './auth/second-factors.ts';
export type { SecondFactorPolicyView } from './auth/second-factor-policy.ts';
export type { AuditOutcome } from './audit/audit-entry.ts';
export type { Payment, PaymentStatus } from './platform/schemas.ts';
export type { UserNames } from './store/app-user-names.ts';
export type { IndexSource } from './payments/payment-index.ts';
export type { PaymentSort } from './payments/payment-filters.ts';
export type { ImportResult } from './payments/payment-import.ts';
export type { UpstreamStatus } from './system/readiness.ts';
export type { RejectionView } from './rewards/rejection.ts';
export type { ClearingAction } from './incomplete/clearing-plan.ts';
export type { ClearResult } from './incomplete/incomplete-service.ts';
export type { AdCheckView, BatchCheckResult } from './ads/ad-checks.ts';
export type { EventType } from './events/event-types.ts';
export type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './webhooks/webhook-views.ts';
export type { WebhookSettings } from './webhooks/webhook-settings.ts';
/** The public API's OpenAPI 3.1 document (`GET /v1/openapi.json`) and its parts, as the API reference page reads them. */
export type {
  OpenAPIObject as PublicApiDocument,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from 'openapi3-ts/oas31';

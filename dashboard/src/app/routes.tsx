import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireSession } from '../features/auth/components/require-session.tsx';
import type { Permission } from '../lib/access.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequirePermission } from './require-permission.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { RoutePending } from './route-pending.tsx';

/** A page whose code loads on first visit, inside the layout, with its own error boundary. */
function pageRoute(where: { index: true } | { path: string }, load: () => Promise<ComponentType>): RouteObject {
  return {
    ...where,
    lazy: async () => ({ Component: await load() }),
    HydrateFallback: RoutePending,
    ErrorBoundary: RouteErrorBoundary,
  };
}

/** Pages only some roles may use; the others see "Not allowed" (the server refuses their data anyway). */
function allowed(permission: Permission, route: RouteObject): RouteObject {
  return { element: <RequirePermission permission={permission} />, children: [route] };
}

export const appRoutes: RouteObject[] = [
  {
    Component: PublicLayout,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      pageRoute({ path: 'sign-in' }, async () => (await import('../features/auth/routes/sign-in-page.tsx')).SignInPage),
      pageRoute({ path: 'setup' }, async () => (await import('../features/auth/routes/setup-page.tsx')).SetupPage),
    ],
  },
  {
    path: '/',
    element: (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    ),
    ErrorBoundary: RouteErrorBoundary,
    children: [
      pageRoute({ index: true }, async () => (await import('../features/overview/routes/overview-page.tsx')).OverviewPage),
      allowed('payments:read', pageRoute({ path: 'payments' }, async () => (await import('../features/payments/routes/payments-page.tsx')).PaymentsPage)),
      allowed(
        'payments:read',
        pageRoute({ path: 'payments/import' }, async () => (await import('../features/payments/routes/import-payments-page.tsx')).ImportPaymentsPage),
      ),
      allowed(
        'payments:read',
        pageRoute({ path: 'payments/:id' }, async () => (await import('../features/payments/routes/payment-detail-page.tsx')).PaymentDetailPage),
      ),
      allowed('payments:read', pageRoute({ path: 'users/:uid' }, async () => (await import('./pages/user-page.tsx')).UserPage)),
      allowed('rewards:read', pageRoute({ path: 'rewards' }, async () => (await import('./pages/rewards-page.tsx')).RewardsPage)),
      allowed('rewards:read', pageRoute({ path: 'rewards/batches' }, async () => (await import('../features/batches/routes/batches-page.tsx')).BatchesPage)),
      allowed('rewards:pay', pageRoute({ path: 'rewards/batches/new' }, async () => (await import('../features/batches/routes/new-batch-page.tsx')).NewBatchPage)),
      allowed('rewards:read', pageRoute({ path: 'rewards/batches/:id' }, async () => (await import('../features/batches/routes/batch-page.tsx')).BatchPage)),
      allowed(
        'rewards:read',
        pageRoute({ path: 'rewards/:id' }, async () => (await import('../features/rewards/routes/reward-detail-page.tsx')).RewardDetailPage),
      ),
      allowed('wallet:read', pageRoute({ path: 'wallet' }, async () => (await import('../features/wallet/routes/wallet-page.tsx')).WalletPage)),
      allowed(
        'reconciliation:read',
        pageRoute({ path: 'reconciliation' }, async () => (await import('../features/reconciliation/routes/reconciliation-page.tsx')).ReconciliationPage),
      ),
      allowed(
        'incomplete:read',
        pageRoute({ path: 'incomplete' }, async () => (await import('../features/incomplete/routes/incomplete-page.tsx')).IncompletePage),
      ),
      allowed('ads:read', pageRoute({ path: 'ads' }, async () => (await import('../features/ads/routes/ads-page.tsx')).AdsPage)),
      pageRoute({ path: 'account' }, async () => (await import('./pages/account-page.tsx')).AccountPage),
      pageRoute({ path: 'reference' }, async () => (await import('../features/reference/routes/reference-page.tsx')).ReferencePage),
      allowed('audit:read', pageRoute({ path: 'audit' }, async () => (await import('../features/audit/routes/audit-page.tsx')).AuditPage)),
      allowed('staff:manage', pageRoute({ path: 'staff' }, async () => (await import('../features/staff/routes/staff-page.tsx')).StaffPage)),
      allowed('api-keys:manage', pageRoute({ path: 'api-keys' }, async () => (await import('../features/api-keys/routes/api-keys-page.tsx')).ApiKeysPage)),
      allowed('webhooks:manage', pageRoute({ path: 'webhooks' }, async () => (await import('../features/webhooks/routes/webhooks-page.tsx')).WebhooksPage)),
      allowed(
        'webhooks:manage',
        pageRoute({ path: 'webhooks/events/:eventId' }, async () => (await import('../features/webhooks/routes/event-deliveries-page.tsx')).EventDeliveriesPage),
      ),
      allowed('webhooks:manage', pageRoute({ path: 'webhooks/:id' }, async () => (await import('../features/webhooks/routes/endpoint-deliveries-page.tsx')).EndpointDeliveriesPage)),
      allowed('settings:manage', pageRoute({ path: 'settings' }, async () => (await import('../features/settings/routes/settings-page.tsx')).SettingsPage)),
      { path: '*', Component: NotFoundPage, ErrorBoundary: RouteErrorBoundary },
    ],
  },
];

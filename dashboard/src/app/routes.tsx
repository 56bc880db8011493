import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
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

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      pageRoute({ index: true }, async () => (await import('../features/overview/routes/overview-page.tsx')).OverviewPage),
      pageRoute({ path: 'payments' }, async () => (await import('../features/payments/routes/payments-page.tsx')).PaymentsPage),
      pageRoute({ path: 'rewards' }, async () => (await import('../features/rewards/routes/rewards-page.tsx')).RewardsPage),
      pageRoute({ path: 'incomplete' }, async () => (await import('../features/incomplete/routes/incomplete-page.tsx')).IncompletePage),
      pageRoute({ path: 'ads' }, async () => (await import('../features/ads/routes/ads-page.tsx')).AdsPage),
      pageRoute({ path: 'audit' }, async () => (await import('../features/audit/routes/audit-page.tsx')).AuditPage),
      pageRoute({ path: 'staff' }, async () => (await import('../features/staff/routes/staff-page.tsx')).StaffPage),
      { path: '*', Component: NotFoundPage, ErrorBoundary: RouteErrorBoundary },
    ],
  },
];

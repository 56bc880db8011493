import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../../../dashboard/src/app/providers.tsx';
import { appRoutes } from '../../../dashboard/src/app/routes.tsx';
import { createAppQueryClient } from '../../../dashboard/src/app/query-client.ts';

/** The real providers and routes (or given ones) in a memory router, starting at `path`. */
export function renderApp(path = '/', routes: RouteObject[] = appRoutes) {
  const queryClient = createAppQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, queryClient, router };
}

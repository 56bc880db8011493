import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { appRoutes } from './routes.tsx';

const router = createBrowserRouter(appRoutes);
const queryClient = createQueryClient();

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

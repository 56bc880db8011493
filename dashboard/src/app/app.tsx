import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers.tsx';
import { createAppQueryClient } from './query-client.ts';
import { appRoutes } from './routes.tsx';

const router = createBrowserRouter(appRoutes);
const queryClient = createAppQueryClient();

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

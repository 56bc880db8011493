import type { createMemoryRouter } from 'react-router-dom';

/** Where the app is: path and query, as a user would read them in the address bar. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

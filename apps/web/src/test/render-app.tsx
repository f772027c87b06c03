import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRoutes } from '@/app/create-routes';
import { createQueryClient } from '@/app/query-client';

/**
 * Renders the whole app (every route, guard and layout) at `path`, as a user would open it;
 * `strict`: inside StrictMode as main.tsx does (effects run twice, as in development);
 * `before`: fills the query cache first (what a repeat visit restores from the device).
 */
export function renderApp(
  path: string,
  {
    strict = false,
    before,
  }: { strict?: boolean; before?: (queryClient: QueryClient) => void } = {},
) {
  const queryClient = createQueryClient();
  before?.(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, user, queryClient };
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

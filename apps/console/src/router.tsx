import { createBrowserRouter, Navigate } from 'react-router';
import { Shell } from './components/shell';
import { SignInPage } from './pages/sign-in';
import { CustomersPage } from './pages/customers';
import { CustomerPage } from './pages/customer';
import { CataloguePage } from './pages/catalogue';
import { StaffPage } from './pages/staff';
import { ApiKeysPage } from './pages/api-keys';
import { WebhooksPage } from './pages/webhooks';
import { ImportPage } from './pages/import';
import { CallbacksPage } from './pages/callbacks';
import { NotFoundPage } from './pages/not-found';

/** The console's pages, under /console/ (the server answers every path there with the page). */
export const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <SignInPage /> },
    {
      element: <Shell />,
      children: [
        { index: true, element: <Navigate to="/customers" replace /> },
        { path: '/customers', element: <CustomersPage /> },
        { path: '/customers/:accountid', element: <CustomerPage /> },
        { path: '/catalogue', element: <CataloguePage /> },
        { path: '/staff', element: <StaffPage /> },
        { path: '/api-keys', element: <ApiKeysPage /> },
        { path: '/webhooks', element: <WebhooksPage /> },
        { path: '/import', element: <ImportPage /> },
        { path: '/callbacks', element: <CallbacksPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: '/console' },
);

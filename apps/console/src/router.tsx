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
import { NetworkPage } from './pages/network';
import { TicketsPage } from './pages/tickets';
import { TicketPage } from './pages/ticket';
import { OrdersPage } from './pages/orders';
import { OrderPage } from './pages/order';
import { CallbacksPage } from './pages/callbacks';
import { CannedRepliesPage } from './pages/canned-replies';
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
        { path: '/tickets', element: <TicketsPage /> },
        { path: '/tickets/:ticketid', element: <TicketPage /> },
        { path: '/orders', element: <OrdersPage /> },
        { path: '/orders/:orderid', element: <OrderPage /> },
        { path: '/catalogue', element: <CataloguePage /> },
        { path: '/staff', element: <StaffPage /> },
        { path: '/api-keys', element: <ApiKeysPage /> },
        { path: '/webhooks', element: <WebhooksPage /> },
        { path: '/import', element: <ImportPage /> },
        { path: '/network', element: <NetworkPage /> },
        { path: '/callbacks', element: <CallbacksPage /> },
        { path: '/canned-replies', element: <CannedRepliesPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: '/console' },
);

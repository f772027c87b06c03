import { advisoryAnchor } from '@outpost/domain/advisories-rules';

/**
 * The portal routes a tapped notification opens (its navigation_url; packages/contracts
 * web-routes.ts names them; notifications.test.ts checks each against that list).
 */
export const webPaths = {
  usage: '/services/usage',
  invoices: '/billing/invoices',
  oneOffPayment: '/billing/one-off-payment',
  networkStatus: (advisoryId: number) => `/support/network-status#${advisoryAnchor(advisoryId)}`,
  ticket: (ticketId: number) => `/support/my-tickets/${ticketId}`,
} as const;

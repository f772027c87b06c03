import type { RouteContract } from './route-contract';
import { accountRoutes } from './account';
import { advisoriesRoutes } from './advisories';
import { callbacksRoutes } from './callbacks';
import { contactsRoutes } from './contacts';
import { guidesRoutes } from './guides';
import { securityRoutes } from './security';
import { stepUpRoutes } from './step-up';
import { ticketsRoutes } from './tickets';
import { ordersRoutes } from './orders';
import { referralsRoutes } from './referrals';
import { staffRoutes } from './staff';
import { adminRoutes } from './admin';
import { adminAdvisoriesRoutes } from './admin-advisories';
import { notificationsRoutes } from './notifications';
import { smsRoutes } from './sms';
import { authRoutes, recoveryRoutes } from './auth-routes';
import { servicesRoutes, usageRoutes } from './services-routes';
import { dashboardRoutes } from './dashboard-routes';
import { billingRoutes } from './billing-routes';

/** Every route, in one list. Later modules add their groups here. */
export const apiRoutes: readonly RouteContract[] = [
  ...Object.values(authRoutes),
  ...Object.values(recoveryRoutes),
  ...Object.values(servicesRoutes),
  ...Object.values(usageRoutes),
  ...Object.values(dashboardRoutes),
  ...Object.values(billingRoutes),
  ...Object.values(contactsRoutes),
  ...Object.values(accountRoutes),
  ...Object.values(securityRoutes),
  ...Object.values(stepUpRoutes),
  ...Object.values(advisoriesRoutes),
  ...Object.values(callbacksRoutes),
  ...Object.values(guidesRoutes),
  ...Object.values(ticketsRoutes),
  ...Object.values(referralsRoutes),
  ...Object.values(ordersRoutes),
  ...Object.values(staffRoutes),
  ...Object.values(notificationsRoutes),
  ...Object.values(smsRoutes),
  ...Object.values(adminRoutes),
  ...Object.values(adminAdvisoriesRoutes),
];

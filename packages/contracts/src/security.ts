import { z } from 'zod';
import type { RouteContract } from './route-contract';

/**
 * Account Security (spec 3 sections 3, 4, 5 and 7) and the step-up check of high-risk changes:
 * identification method, two-factor, sessions, step-up codes. Schemas and the `securityRoutes`
 * group live here (the password change is recoveryRoutes.updatePassword).
 */
// Replace with `{ name: defineRoute({...}), ... } as const` as the routes land.
export const securityRoutes: Readonly<Record<string, RouteContract>> = {};

export const securityPlaceholder = z.never().optional();

import { z } from 'zod';
import type { RouteContract } from './route-contract';

/**
 * My Details and Account Preferences (spec 3 sections 3, 4, 5 and 7): the account summary, the
 * caller's own contact, the preferences list. Schemas and the `accountRoutes` group live here.
 */
// Replace with `{ name: defineRoute({...}), ... } as const` as the routes land.
export const accountRoutes: Readonly<Record<string, RouteContract>> = {};

export const accountPlaceholder = z.never().optional();

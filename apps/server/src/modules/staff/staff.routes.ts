import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '@outpost/contracts/staff';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { routeFor, requestMeta } from '../../lib/route';
import { headerValue } from '../../lib/auth-context';
import { authenticateUserToken } from '../auth/caller';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { issueSession } from '../auth/auth.service';
import { staffError } from './staff.errors';
import {
  activeHolderOf,
  endStaffSession,
  listAudit,
  recordAudit,
  staffLogin,
} from './staff.service';
import { issueLink, linkKey, openLink, staffUsageToken } from './staff-links.service';
import type { StaffCaller } from './staff.service';

export type StaffDeps = {
  db: Db;
  clock: Clock;
  rateLimits: RateLimitStore;
  userTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  publicUrl: string;
  staffLinkSecret: string | undefined;
  xdEnabled: boolean;
  production: boolean;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The staff member of a staff route (X-Staff-Token); set by the auth hook. */
    staff: StaffCaller | null;
  }
}

const VERIFY_WINDOW_MS = 15 * 60 * 1000;
const VERIFY_TRIES = 20;

/**
 * Staff access (docs/decisions/025): sign-in, links, the audit log, the link pages' verify calls
 * and the /xd auto-login.
 */
export const staffModule: FastifyPluginAsyncZod<{ deps: StaffDeps }> = async (app, { deps }) => {
  const { db, clock, rateLimits } = deps;
  const key = linkKey(deps.staffLinkSecret);
  const requireStaff = (request: { staff: StaffCaller | null }) => {
    if (!request.staff) throw staffError('staffSessionInvalid');
    return request.staff;
  };
  /** Public verify calls: 20 per 15 minutes per address (a link is single use anyway). */
  const throttle = async (ip: string) => {
    const hit = await rateLimits.hit(`staff-verify:${ip}`, VERIFY_WINDOW_MS);
    if (hit.count > VERIFY_TRIES) throw staffError('staffLinkInvalid');
  };
  /** A verify call: throttled by address, then the signed link opened (single use, audited). */
  const openVerified = async (
    request: { ip: string; id: string; body: { token: string } },
    expect: Parameters<typeof openLink>[3],
  ) => {
    await throttle(request.ip);
    const now = clock();
    return { now, opened: await openLink(db, key, request.body.token, expect, now, request.id) };
  };

  app.route({
    ...routeFor(staffRoutes.staffLogin),
    handler: async (request) => {
      const { token, expires, staff } = await staffLogin(
        db,
        rateLimits,
        request.body,
        request.ip,
        clock(),
      );
      return {
        data: {
          token,
          expires: expires.toISOString(),
          staff: { staffid: staff.id, name: staff.name, role: staff.role },
        },
      };
    },
  });

  app.route({
    ...routeFor(staffRoutes.staffLogout),
    handler: async (request) => {
      await endStaffSession(db, requireStaff(request).sessionId, clock());
      return { data: { ended: true } };
    },
  });

  app.route({
    ...routeFor(staffRoutes.staffLinks),
    handler: async (request) => {
      const { url, expires } = await issueLink(
        db,
        key,
        requireStaff(request),
        request.body,
        deps.publicUrl,
        clock(),
        request.id,
      );
      return { data: { url, expires: expires.toISOString() } };
    },
  });

  app.route({
    ...routeFor(staffRoutes.staffAudit),
    handler: async (request) => {
      if (requireStaff(request).role !== 'admin') throw staffError('staffAdminOnly');
      return { data: await listAudit(db, request.query) };
    },
  });

  app.route({
    ...routeFor(staffRoutes.staffLoginVerify),
    handler: async (request) => {
      const { opened } = await openVerified(request, { purpose: 'login' });
      const session = await issueSession(
        deps,
        opened.holderId,
        randomUUID(),
        requestMeta(request),
        opened.staff.id,
      );
      return {
        data: {
          ...session,
          staff: { name: opened.staff.name, role: opened.staff.role },
          customer: opened.customer,
        },
      };
    },
  });

  app.route({
    ...routeFor(staffRoutes.staffUsageVerify),
    handler: async (request) => {
      const { opened, now } = await openVerified(request, {
        purpose: 'usage',
        serviceId: request.params.serviceid,
      });
      const { token, expires } = await staffUsageToken(db, opened, deps.userTokenTtlSeconds, now);
      return {
        data: {
          tokens: [
            {
              type: 'USER' as const,
              token,
              expires: expires.toISOString(),
              serviceid: opened.serviceId!,
              technology: opened.technology!,
            },
          ],
          staff: { name: opened.staff.name, role: opened.staff.role },
          customer: opened.customer,
        },
      };
    },
  });

  /**
   * /xd/{uid} (spec 3 sections 2.10 and 7): off unless XD_ENABLED. It answers only the USER token
   * of a session of that account's holder: a staff-assisted one (opened with a signed staff link,
   * decision 025), or, outside production, the holder's own. A staff session alone, another
   * account's session, a contact's or a usage-only token: 404, so the door looks absent. Audited.
   */
  app.route({
    ...routeFor(staffRoutes.debugIntegrate),
    handler: async (request) => {
      if (!deps.xdEnabled) throw staffError('xdUnavailable');
      await throttle(request.ip);
      const now = clock();
      const { accountid } = request.body;
      // The holder of the account named (spec: 'auto-login-acct-holder' with the account id).
      const holder = await activeHolderOf(db, accountid);
      const caller = await authenticateUserToken(
        db,
        clock,
        headerValue(request, 'x-user-token'),
      ).catch(() => null);
      if (
        !holder ||
        !caller ||
        caller.serviceScope !== null ||
        caller.accountId !== accountid ||
        caller.userId !== holder.id ||
        (caller.staff === null && deps.production)
      )
        throw staffError('xdUnavailable');
      const staff = caller.staff;
      await recordAudit(db, now, {
        staffId: staff?.id ?? null,
        accountId: accountid,
        userId: holder.id,
        action: 'xd-login',
        requestId: request.id,
        detail: staff ? `by staff ${staff.name}` : 'by the account holder',
      });
      const session = await issueSession(
        deps,
        holder.id,
        randomUUID(),
        requestMeta(request),
        staff?.id,
      );
      return { data: session };
    },
  });
};

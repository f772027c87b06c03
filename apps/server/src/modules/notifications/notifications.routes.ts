import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@outpost/contracts/api-paths';
import type { RouteContract } from '@outpost/contracts/route-contract';
import { notificationsRoutes } from '@outpost/contracts/notifications';
import type { Push } from '../../adapters/push';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { requestMeta, routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import {
  deviceOf,
  latestNotifications,
  listDevices,
  platformOf,
  removeDevice,
  saveDevice,
} from './notifications.service';

export type NotificationsDeps = { db: Db; clock: Clock; push: Push };

/**
 * The device and latest-notification routes, at `base` + the path after the API prefix: the
 * module registers them under the prefix and, as spec 1 section 7 writes them, without it
 * (docs/decisions/040).
 */
const pushRoutes: FastifyPluginAsyncZod<{ deps: NotificationsDeps; base: string }> = async (
  app,
  { deps, base },
) => {
  const { db, clock, push } = deps;
  const at = <const C extends RouteContract>(contract: C) => ({
    ...routeFor(contract),
    url: base + contract.path.slice(API_PREFIX.length),
  });

  app.route({
    ...at(notificationsRoutes.deviceTokens),
    handler: async (request) => ({
      data: { devices: await listDevices(db, requireAuth(request).userId) },
    }),
  });

  app.route({
    ...at(notificationsRoutes.registerDeviceToken),
    handler: async (request) => {
      const auth = requireAuth(request);
      const { token, deviceId, userId, platform } = request.body;
      // The record names its user: only the caller's own (another id is "not found").
      if (userId !== auth.userId) throw notFound();
      const device = await saveDevice(
        db,
        {
          userId: auth.userId,
          deviceId,
          token,
          platform: platformOf(token, platform, requestMeta(request).userAgent),
        },
        clock(),
        { webHosts: push.webHosts },
      );
      return { data: { device } };
    },
  });

  app.route({
    ...at(notificationsRoutes.refreshDeviceToken),
    handler: async (request) => {
      const auth = requireAuth(request);
      const { token, deviceId, platform } = request.body;
      const known = await deviceOf(db, auth.userId, deviceId);
      const device = await saveDevice(
        db,
        {
          userId: auth.userId,
          deviceId,
          token,
          platform:
            platform ??
            known?.platform ??
            platformOf(token, undefined, requestMeta(request).userAgent),
        },
        clock(),
        // A refresh renews the caller's own token: another person's answers 404.
        { webHosts: push.webHosts, ownTokenOnly: true },
      );
      return { data: { device } };
    },
  });

  app.route({
    ...at(notificationsRoutes.removeDeviceToken),
    handler: async (request) => ({
      data: { removed: await removeDevice(db, requireAuth(request).userId, request.body) },
    }),
  });

  app.route({
    ...at(notificationsRoutes.latestNotifications),
    handler: async (request) => ({
      data: { notifications: await latestNotifications(db, requireAuth(request).userId) },
    }),
  });
};

/** Push devices and notifications (spec 1 section 7; docs/decisions/023). */
export const notificationsModule: FastifyPluginAsyncZod<{ deps: NotificationsDeps }> = async (
  app,
  { deps },
) => {
  const { push } = deps;
  await app.register(pushRoutes, { deps, base: API_PREFIX });
  await app.register(pushRoutes, { deps, base: '' });

  app.route({
    ...routeFor(notificationsRoutes.webPushKey),
    handler: async (request) => {
      requireAuth(request);
      return { data: { public_key: push.vapidPublicKey } };
    },
  });
};

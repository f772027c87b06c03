import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usageReportName } from '@outpost/contracts/usage-report-name';
import { usageRoutes } from '@outpost/contracts/services-routes';
import type { Messaging } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { usageError } from './usage.errors';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import type { NumberedRecord, Rejection } from './ingest';
import { checkRecord } from './ingest';
import { ingestAndAlert } from './ingest-run';
import { createUsageCode, exchangeUsageCode } from './usage-codes';
import {
  activityCsv,
  activityRange,
  activityRows,
  dashboardSummary,
  usageService,
  usageSummary,
} from './usage.service';

export type UsageDeps = {
  db: Db;
  clock: Clock;
  messaging: Messaging;
  brandName: string;
  publicUrl: string;
  userTokenTtlSeconds: number;
};

/** Data usage (spec 2): summary, rows, the CSV report, embedded usage and provider ingestion. */
export const usageModule: FastifyPluginAsyncZod<{ deps: UsageDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeFor(usageRoutes.activitySummary),
    handler: async (request) => {
      const s = await usageService(db, requireAuth(request).accountId, request.params.serviceid);
      return { data: await usageSummary(db, s, clock()) };
    },
  });

  app.route({
    ...routeFor(usageRoutes.activity),
    handler: async (request) => {
      const s = await usageService(db, requireAuth(request).accountId, request.params.serviceid);
      const { by, type } = request.query;
      const range = activityRange(s, by, clock());
      return {
        data: {
          by,
          type,
          periodStart: range.start.toISOString(),
          periodStop: range.stop.toISOString(),
          rows: await activityRows(db, s, by, range),
        },
      };
    },
  });

  app.route({
    ...routeFor(usageRoutes.activityDetail),
    handler: async (request, reply) => {
      const s = await usageService(db, requireAuth(request).accountId, request.params.serviceid);
      const { by, type } = request.query;
      const rows = await activityRows(db, s, by, activityRange(s, by, clock()));
      const label = s.technology === 'Sky Muster Plus' ? 'Peak' : 'Anytime';
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${usageReportName(by, type, s.identifier)}"`,
          )
          .header('cache-control', 'no-store')
          // The typed reply describes the JSON errors only (the row's `produces` route).
          .send(activityCsv(rows, type, label) as never)
      );
    },
  });

  app.route({
    ...routeFor(usageRoutes.dashboardActivitySummary),
    handler: async (request) => {
      const s = await usageService(db, requireAuth(request).accountId, request.params.serviceid);
      return { data: await dashboardSummary(db, s, clock()) };
    },
  });

  app.route({
    ...routeFor(usageRoutes.usageOnlyLogin),
    handler: async (request) => {
      const t = await exchangeUsageCode(db, request.body.otc, clock(), deps.userTokenTtlSeconds);
      return {
        data: {
          tokens: [
            {
              type: 'USER' as const,
              token: t.token,
              expires: t.expires.toISOString(),
              serviceid: t.serviceid,
              technology: t.technology,
            },
          ],
        },
      };
    },
  });

  app.route({
    ...routeFor(usageRoutes.internalUsageCodes),
    handler: async (request) => {
      const code = await createUsageCode(db, request.body.serviceid, clock());
      if (!code) throw usageError('noService', request.body.serviceid);
      return {
        data: {
          otc: code.otc,
          expires: code.expires.toISOString(),
          url: `${deps.publicUrl}/embed/usage/${code.otc}`,
        },
      };
    },
  });

  app.route({
    ...routeFor(usageRoutes.internalUsageRecords),
    bodyLimit: 4 * 1024 * 1024,
    handler: async (request) => {
      const now = clock();
      const records: NumberedRecord[] = [];
      const rejected: Rejection[] = [];
      request.body.records.forEach((raw, i) => {
        const checked = checkRecord(raw, now);
        if (typeof checked === 'string') rejected.push({ line: i + 1, reason: checked });
        else records.push({ line: i + 1, record: checked });
      });
      const result = await ingestAndAlert(
        { ...deps, onError: (error, context) => request.log.error({ err: error }, context) },
        records,
        now,
      );
      return {
        data: {
          accepted: result.accepted,
          rejected: [...rejected, ...result.rejected].sort((a, b) => a.line - b.line),
          alerts: result.alerts,
        },
      };
    },
  });
};

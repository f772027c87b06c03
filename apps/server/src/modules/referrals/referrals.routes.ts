import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralsRoutes } from '@outpost/contracts/referrals';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import type { ReferralsDeps } from './referrals.service';
import { getReferralOffer, listReferrals, recordReferral } from './referrals.service';

/** Referral rewards (docs/decisions/020): the caller's account's offer, code and referrals. */
export const referralsModule: FastifyPluginAsyncZod<{ deps: ReferralsDeps }> = async (
  app,
  { deps },
) => {
  app.route({
    ...routeFor(referralsRoutes.referralOffer),
    handler: async (request) => ({ data: await getReferralOffer(deps, requireAuth(request)) }),
  });

  app.route({
    ...routeFor(referralsRoutes.referrals),
    handler: async (request) => ({ data: await listReferrals(deps.db, requireAuth(request)) }),
  });

  app.route({
    ...routeFor(referralsRoutes.internalRecordReferral),
    handler: async (request) => ({
      data: await recordReferral(deps.db, request.body, deps.clock()),
    }),
  });
};

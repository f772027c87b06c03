import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stepUpRoutes } from '@outpost/contracts/step-up';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import type { StepUpDeps } from './step-up.service';
import { sendStepUpCode, verifyStepUpCode } from './step-up.service';

export const stepUpModule: FastifyPluginAsyncZod<{ deps: StepUpDeps }> = async (app, { deps }) => {
  app.route({
    ...routeFor(stepUpRoutes.stepUpSend),
    handler: async (request) => ({ data: await sendStepUpCode(deps, requireAuth(request)) }),
  });

  app.route({
    ...routeFor(stepUpRoutes.stepUpVerify),
    handler: async (request) => ({
      data: await verifyStepUpCode(deps, requireAuth(request), request.body.code),
    }),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recoveryRoutes } from '@outpost/contracts/api-routes';
import { preparedRoute } from '../../lib/prepared-route';
import type { RecoveryDeps } from './recovery.service';
import {
  REQUEST_COMMIT_MIN_MS,
  checkRecoveryCode,
  contactPayload,
  issueRecoveryCode,
  limit,
  startRecoverySession,
} from './recovery.service';

/**
 * Access recovery (docs/decisions/005): two public prepare/commits, each rate-limited per person
 * and per address at prepare, bound to the contact (and code) it was prepared for.
 */
export const recoveryModule: FastifyPluginAsyncZod<{ deps: RecoveryDeps }> = async (
  app,
  { deps },
) => {
  preparedRoute(app, deps, {
    kind: 'recover-request',
    prepare: recoveryRoutes.recoverRequestPrepare,
    commit: recoveryRoutes.recoverRequestCommit,
    guard: ({ body, meta }) => limit(deps, 'recover', body, meta),
    payload: ({ body }) => contactPayload(body),
    apply: (tx, { input, afterCommit }) => issueRecoveryCode(deps, tx, input, afterCommit),
    respond: (delivery) => ({ delivery }),
    minCommitMs: REQUEST_COMMIT_MIN_MS,
  });

  preparedRoute(app, deps, {
    kind: 'recover-verify',
    prepare: recoveryRoutes.recoverVerifyPrepare,
    commit: recoveryRoutes.recoverVerifyCommit,
    guard: ({ body, meta }) => limit(deps, 'verify', body, meta),
    payload: ({ body }) => contactPayload(body),
    // The operation is consumed whatever the outcome, and its result (a session) is never replayed.
    replayable: false,
    apply: (tx, { input }) => checkRecoveryCode(tx, input),
    respond: (outcome) => startRecoverySession(deps, outcome),
  });
};

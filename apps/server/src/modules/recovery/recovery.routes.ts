import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recoveryRoutes } from '@outpost/contracts/auth-routes';
import type { RecoverRequestInput } from '@outpost/contracts/recovery';
import { preparedRoute } from '../../lib/prepared-route';
import type { RequestMeta } from '../../lib/route';
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
  // Both steps: limited per person and address at prepare, bound to the contact (and code).
  const byContact = (stage: 'recover' | 'verify') => ({
    guard: ({ body, meta }: { body: RecoverRequestInput; meta: RequestMeta }) =>
      limit(deps, stage, body, meta),
    payload: ({ body }: { body: RecoverRequestInput & { code?: string } }) => contactPayload(body),
  });

  preparedRoute(app, deps, {
    kind: 'recover-request',
    prepare: recoveryRoutes.recoverRequestPrepare,
    commit: recoveryRoutes.recoverRequestCommit,
    ...byContact('recover'),
    apply: (tx, { input, afterCommit }) => issueRecoveryCode(deps, tx, input, afterCommit),
    respond: (delivery) => ({ delivery }),
    minCommitMs: REQUEST_COMMIT_MIN_MS,
  });

  preparedRoute(app, deps, {
    kind: 'recover-verify',
    prepare: recoveryRoutes.recoverVerifyPrepare,
    commit: recoveryRoutes.recoverVerifyCommit,
    ...byContact('verify'),
    // The operation is consumed whatever the outcome, and its result (a session) is never replayed.
    replayable: false,
    apply: (tx, { input }) => checkRecoveryCode(tx, input),
    respond: (outcome, input) => startRecoverySession(deps, outcome, input),
  });
};

import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthHooks } from '../../plugins/auth';
import { requireStepUp } from '../step-up/step-up.service';
import { staffError } from '../staff/staff.errors';
import { recordAudit, staffCaller } from '../staff/staff.service';
import { authenticateToken, authorize } from './caller';

/**
 * What the auth hook (plugins/auth.ts) asks the modules, given to it when app.ts registers it:
 * the caller behind a token, the route check, step-up, the staff session and its audit.
 */
export function authHooks(db: Db, clock: Clock): AuthHooks {
  return {
    authenticate: (token, type) => authenticateToken(db, clock, token, type),
    authorize,
    requireStepUp: (auth) => requireStepUp(db, auth, clock()),
    async authenticateStaff(token) {
      const staff = token ? await staffCaller(db, token, clock()) : null;
      if (!staff) throw staffError('staffSessionInvalid');
      return staff;
    },
    auditStaffRequest: (record) => recordAudit(db, clock(), record),
  };
}

import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthHooks } from '../../plugins/auth';
import { requireStepUp } from '../step-up/step-up.service';
import { staffError } from '../staff/staff.errors';
import { recordAudit, staffCaller } from '../staff/staff.service';
import { adminError } from '../admin/admin.errors';
import { apiKeyCaller, staffAdminCaller } from '../admin/api-keys.service';
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
    async authenticateAdmin(bearer, staffToken) {
      // A key when one is sent (the provider's systems), else a staff session (the console).
      if (bearer !== undefined) {
        const key = await apiKeyCaller(db, bearer, clock());
        if (!key) throw adminError('adminUnauthenticated');
        return key;
      }
      const staff = staffToken ? await staffCaller(db, staffToken, clock()) : null;
      if (!staff) throw adminError('adminUnauthenticated');
      return staffAdminCaller(staff);
    },
    requireAdminScope(admin, scope) {
      if (!admin.scopes.includes(scope)) throw adminError('adminScopeMissing');
    },
    auditAdminRequest: (record) => recordAudit(db, clock(), { ...record, userId: null }),
  };
}

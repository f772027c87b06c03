import { count } from 'drizzle-orm';
import { permissionDefinitions as permissionCatalogue } from '@outpost/contracts/permissions';
import { roleDefinitions } from '@outpost/contracts/roles';
import type { Db } from '../db/client';
import { withTransaction } from '../db/client';
import { permissionDefinitions, relationships, roles } from '../db/accounts.schema';

export type ReferenceIds = {
  /** Role name to id. */
  roles: Map<string, number>;
  /** 'Role/Relationship' to id. */
  relationships: Map<string, number>;
};

/**
 * The data every provider's database needs, demo or not (issue 39: a provider starting with
 * SEED=none could not add its first customer, for want of the Account Holder role): the
 * permission catalogue, the contact roles and their relationships, from the contracts. Written
 * once, when the roles table is empty; answers the ids either way.
 */
export async function ensureReferenceData(db: Db): Promise<ReferenceIds> {
  return withTransaction(db, async (tx) => {
    const [present] = await tx.select({ n: count() }).from(roles);
    if ((present?.n ?? 0) === 0) {
      await tx.insert(permissionDefinitions).values(
        permissionCatalogue.map((d, i) => ({
          permission: d.permission,
          section: d.section,
          label: d.label,
          levelNeeded: d.level_needed,
          sort: i + 1,
        })),
      );
      for (const [i, r] of roleDefinitions.entries()) {
        const roleId = i + 1;
        await tx.insert(roles).values({ id: roleId, role: r.role, level: r.level });
        await tx
          .insert(relationships)
          .values(r.relationships.map((relationship) => ({ roleId, relationship })));
      }
    }
    const roleRows = await tx.select({ id: roles.id, role: roles.role }).from(roles);
    const roleNames = new Map(roleRows.map((r) => [r.id, r.role]));
    const relationshipRows = await tx
      .select({
        id: relationships.id,
        roleId: relationships.roleId,
        relationship: relationships.relationship,
      })
      .from(relationships);
    return {
      roles: new Map(roleRows.map((r) => [r.role, r.id])),
      relationships: new Map(
        relationshipRows.map((r) => [`${roleNames.get(r.roleId)}/${r.relationship}`, r.id]),
      ),
    };
  });
}

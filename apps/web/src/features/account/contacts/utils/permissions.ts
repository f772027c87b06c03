import type {
  ContactPermission,
  PermissionDefinition,
  Role,
  UpdateContactPermissionsInput,
} from '@outpost/contracts/contacts';

/**
 * The permission rules the wizards show (spec 3 section 6; the server enforces them all): a role
 * may hold a permission when its level meets the permission's level_needed, and nobody grants
 * what they do not hold themselves.
 */

/** The caller's permissions as a lookup (the session's map). */
export type Held = Readonly<Partial<Record<string, true>>>;

export type PermissionSection = { section: string; items: PermissionDefinition[] };

/** A role's level, or null when the server does not offer that role. */
export function roleLevel(roles: readonly Role[], role: string): number | null {
  return roles.find((r) => r.role === role)?.level ?? null;
}

/** The permissions a role of `level` may hold. */
export function allowedFor(
  definitions: readonly PermissionDefinition[],
  level: number,
): PermissionDefinition[] {
  return definitions.filter((d) => d.level_needed <= level);
}

/** What the Add Contact wizard offers for a role: what it may hold that the caller holds too. */
export function offeredFor(
  definitions: readonly PermissionDefinition[],
  level: number,
  held: Held,
): PermissionDefinition[] {
  return allowedFor(definitions, level).filter((d) => held[d.permission] === true);
}

/** Definitions by section, in the order the server lists them. */
export function bySection(definitions: readonly PermissionDefinition[]): PermissionSection[] {
  const sections: PermissionSection[] = [];
  for (const definition of definitions) {
    const found = sections.find((s) => s.section === definition.section);
    if (found) found.items.push(definition);
    else sections.push({ section: definition.section, items: [definition] });
  }
  return sections;
}

/** After creation: the defaults the server enabled that the admin unticked, to disable. */
export function untickedDefaults(
  current: readonly ContactPermission[],
  chosen: readonly string[],
): UpdateContactPermissionsInput {
  return current
    .filter((p) => p.enabled === 1 && !chosen.includes(p.permission))
    .map((p) => ({ permission: p.permission, enabled: 0 as const }));
}

/** The permissions a contact holds now. */
export function enabledNames(current: readonly ContactPermission[]): string[] {
  return current.filter((p) => p.enabled === 1).map((p) => p.permission);
}

/**
 * Update Permissions: what the admin changed among the permissions shown, in the order shown
 * (only changes are sent, spec 3 section 7).
 */
export function permissionChanges(
  shown: readonly PermissionDefinition[],
  current: readonly ContactPermission[],
  chosen: readonly string[],
): UpdateContactPermissionsInput {
  const before = new Set(enabledNames(current));
  return shown
    .filter((d) => before.has(d.permission) !== chosen.includes(d.permission))
    .map((d) => ({
      permission: d.permission,
      enabled: chosen.includes(d.permission) ? (1 as const) : (0 as const),
    }));
}

/** The label of a permission ('View services'), or its name when the definitions lack it. */
export function permissionLabel(
  definitions: readonly PermissionDefinition[],
  permission: string,
): string {
  return definitions.find((d) => d.permission === permission)?.label ?? permission;
}

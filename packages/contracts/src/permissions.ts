/**
 * Permission names (the spec's names) with their definitions: the section they are shown
 * under, a label, and the role level a contact needs to hold them.
 */
export const permissionDefinitions = [
  {
    permission: 'view-account',
    section: 'Account',
    label: 'View account details',
    level_needed: 10,
  },
  { permission: 'view-alerts', section: 'Account', label: 'View alerts', level_needed: 10 },
  { permission: 'view-users', section: 'Account', label: 'View contacts', level_needed: 80 },
  {
    permission: 'edit-users',
    section: 'Account',
    label: 'Add, change and remove contacts',
    level_needed: 100,
  },
  { permission: 'view-services', section: 'Services', label: 'View services', level_needed: 10 },
  {
    permission: 'view-activity',
    section: 'Services',
    label: 'View data usage and data blocks',
    level_needed: 10,
  },
  {
    permission: 'view-detailed-usage',
    section: 'Services',
    label: 'View detailed usage',
    level_needed: 10,
  },
  {
    permission: 'change-plan',
    section: 'Services',
    label: 'Change plans and service options',
    level_needed: 50,
  },
  {
    permission: 'set-nickname',
    section: 'Services',
    label: 'Set service nicknames',
    level_needed: 50,
  },
  { permission: 'purchase-block', section: 'Services', label: 'Buy data blocks', level_needed: 50 },
  {
    permission: 'order-services',
    section: 'Services',
    label: 'Order and transfer services',
    level_needed: 80,
  },
  { permission: 'purchase-products', section: 'Services', label: 'Buy products', level_needed: 80 },
  {
    permission: 'view-transactions',
    section: 'Billing',
    label: 'View billing activity',
    level_needed: 30,
  },
  {
    permission: 'view-invoices',
    section: 'Billing',
    label: 'View and download invoices',
    level_needed: 30,
  },
  {
    permission: 'view-current-bill',
    section: 'Billing',
    label: 'View the current bill',
    level_needed: 30,
  },
  {
    permission: 'view-billing-activity',
    section: 'Billing',
    label: 'View billing activity on the dashboard',
    level_needed: 30,
  },
  {
    permission: 'view-paymethods',
    section: 'Billing',
    label: 'View payment methods and pay',
    level_needed: 50,
  },
  {
    permission: 'edit-paymethods',
    section: 'Billing',
    label: 'Change payment methods',
    level_needed: 50,
  },
  {
    permission: 'view-tickets',
    section: 'Support',
    label: 'View support tickets',
    level_needed: 10,
  },
  { permission: 'view-referrals', section: 'Support', label: 'View referrals', level_needed: 10 },
] as const;

export type PermissionName = (typeof permissionDefinitions)[number]['permission'];

export const permissionNames: readonly PermissionName[] = permissionDefinitions.map(
  (d) => d.permission,
);

/** The map the client keeps: only enabled entries, keyed by permission name. */
export type PermissionMap = Partial<Record<PermissionName, true>>;

/** A check requires all listed permission names (spec 1 section 6). */
export function hasAllPermissions(
  granted: PermissionMap | Readonly<Record<string, true>>,
  needed: readonly PermissionName[],
): boolean {
  return needed.every((name) => (granted as Record<string, true | undefined>)[name] === true);
}

/**
 * A short fingerprint of a set of permission names (FNV-1a over the sorted names), sent by the
 * server on every authenticated answer as `X-Permissions`. The client compares it with the map it
 * keeps and reloads the map when they differ, so a permission change reaches the menus on the
 * affected user's very next request (docs/decisions/016) at the cost of a 10-byte header.
 */
export function permissionsFingerprint(names: Iterable<string>): string {
  // By index, not `for...of`: the names are ASCII, and iterating a string makes a string per
  // character, on every answer the server sends (issue 38).
  const text = [...names].sort().join(',');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The response header that carries the fingerprint. */
export const PERMISSIONS_HEADER = 'x-permissions';

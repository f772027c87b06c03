import { hasAllPermissions, type PermissionMap } from '@outpost/contracts/permissions';
import { messages } from '@outpost/contracts/messages';
import { routePermissions } from '@outpost/contracts/web-routes';

/**
 * The side menu's icons, by name: the side menu (main-menu.tsx, in the signed-in layout's chunk)
 * draws them, so this table (which the footer uses too, on the login page) imports none.
 */
export type MenuIconName = 'home' | 'services' | 'billing' | 'support' | 'rewards' | 'news';

/** A disabled link carries a note saying why it cannot be opened (never greyed without reason). */
export type MenuLink = {
  kind: 'link';
  label: string;
  to: string;
  disabled?: boolean;
  note?: string;
  menuIcon?: MenuIconName;
  /** A path prefix under which the link is also the current one (Rewards for its FAQ tab). */
  section?: string;
};
export type MenuGroup = {
  kind: 'group';
  id: string;
  label: string;
  items: readonly MenuLink[];
  menuIcon?: MenuIconName;
};
export type MenuEntry = MenuLink | MenuGroup;

function link(label: string, to: string, disabledNote?: string): MenuLink {
  return disabledNote
    ? { kind: 'link', label, to, disabled: true, note: disabledNote }
    : { kind: 'link', label, to };
}

const servicesGroup: MenuGroup = {
  kind: 'group',
  id: 'services',
  label: 'My Services',
  items: [
    link('Services', '/services'),
    link('Data Usage', '/services/usage'),
    link('Data Blocks', '/services/data-blocks'),
  ],
};

const billingGroup: MenuGroup = {
  kind: 'group',
  id: 'billing',
  label: 'Billing',
  items: [
    link('Invoices', '/billing/invoices'),
    link('One-Off Payment', '/billing/one-off-payment'),
    link('Recurring Payment Method', '/billing/recurring-payment-method'),
    link('Unbilled Calls', '/billing/unbilled-calls', messages.billing.unbilledCallsNote),
  ],
};

/**
 * Support's links; `extra` (the native Live Chat) goes before Contact, `tickets` (the side menu's
 * My Tickets, issue 41) after Guides.
 */
const supportGroup = (
  { tickets = false }: { tickets?: boolean },
  ...extra: MenuLink[]
): MenuGroup => ({
  kind: 'group',
  id: 'support',
  label: 'Support',
  items: [
    link('Guides', '/support/guides'),
    ...(tickets ? [link('My Tickets', '/support/my-tickets')] : []),
    link('Outages & Network Status', '/support/network-status'),
    ...extra,
    link('Contact', '/support/contact'),
  ],
});

/**
 * The main (side) menu, spec 1 section 2, with My Tickets (for those who may see tickets) and
 * Rewards added (issue 41: without them both were reachable only from the dashboard), each
 * entry with its icon.
 */
export const mainMenu: readonly MenuEntry[] = [
  { ...link('Dashboard', '/'), menuIcon: 'home' },
  { ...servicesGroup, menuIcon: 'services' },
  { ...billingGroup, menuIcon: 'billing' },
  { ...supportGroup({ tickets: true }), menuIcon: 'support' },
  { ...link('Rewards', '/rewards/get-started'), menuIcon: 'rewards', section: '/rewards' },
  { ...link('News', '/news'), menuIcon: 'news' },
];

/** The user menu's links (Log Out follows them). */
export const userMenuLinks: readonly MenuLink[] = [
  link('My Profile', '/account/details'),
  link('Permissions', '/account/permissions'),
  link('Preferences', '/account/preferences'),
  link('Security', '/account/security'),
];

/** The native bottom bar. */
export const mobileBarLinks = [
  { ...link('Home', '/'), icon: 'home' },
  { ...link('My Services', '/services'), icon: 'services' },
  { ...link('Billing', '/billing/invoices'), icon: 'billing' },
  { ...link('Profile', '/account/details'), icon: 'profile' },
  { ...link('More', '/support/more'), icon: 'more' },
] as const;

/** The native more menu (spec 3 section 2.2); the Account group ends with Log Out. */
export const moreMenu: readonly MenuEntry[] = [
  link('Home', '/'),
  servicesGroup,
  // The more menu lists Billing without the disabled Unbilled Calls (spec 3 section 2.2).
  { ...billingGroup, items: billingGroup.items.filter((item) => !item.disabled) },
  // The native more menu adds Live Chat before Contact (spec 3 section 2.2).
  supportGroup({}, link('Live Chat', '/support/live-chat')),
  link('News', '/news'),
  { kind: 'group', id: 'account', label: 'Account', items: userMenuLinks },
];

/** Shown when the user holds every permission its route needs (hide what the guard would refuse). */
export function isLinkAllowed(item: MenuLink, permissions: PermissionMap): boolean {
  return hasAllPermissions(permissions, routePermissions(item.to));
}

/**
 * The entries this user may see. A group with no enabled item is hidden: a group that opens on
 * nothing but a disabled item (Billing with only Unbilled Calls, for a user without billing
 * permissions) would be a dead end.
 */
export function visibleEntries(
  entries: readonly MenuEntry[],
  permissions: PermissionMap,
): MenuEntry[] {
  const visible: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (isLinkAllowed(entry, permissions)) visible.push(entry);
      continue;
    }
    const items = entry.items.filter((item) => isLinkAllowed(item, permissions));
    if (items.some((item) => !item.disabled)) visible.push({ ...entry, items });
  }
  return visible;
}

/** Every visible, enabled link of the entries, in order (the logged-in footer). */
export function flattenLinks(entries: readonly MenuEntry[]): MenuLink[] {
  return entries
    .flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.items))
    .filter((item) => !item.disabled);
}

/** Whether a link is where the user is: its page, or a page below it (/news for /news/a-post). */
export function isCurrentLink(item: MenuLink, pathname: string): boolean {
  if (item.disabled) return false;
  if (item.to === '/') return pathname === '/';
  if (item.section && (pathname === item.section || pathname.startsWith(`${item.section}/`)))
    return true;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/** The group holding the link to where the user is (its exact page before a parent's). */
export function currentGroupId(entries: readonly MenuEntry[], pathname: string): string | null {
  const groups = entries.filter((entry): entry is MenuGroup => entry.kind === 'group');
  const holds = (exact: boolean) =>
    groups.find((group) =>
      group.items.some((item) =>
        exact ? !item.disabled && item.to === pathname : isCurrentLink(item, pathname),
      ),
    );
  return (holds(true) ?? holds(false))?.id ?? null;
}

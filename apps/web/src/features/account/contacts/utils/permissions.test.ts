import { describe, expect, it } from 'vitest';
import { definitions, permissionsOf, roles } from '@/test/contacts-fixtures';
import {
  allowedFor,
  bySection,
  offeredFor,
  permissionChanges,
  roleLevel,
  untickedDefaults,
} from './permissions';

describe('permission rules of the wizards', () => {
  it("finds a role's level, and null for a role the server does not offer", () => {
    expect(roleLevel(roles, 'Billing Contact')).toBe(50);
    expect(roleLevel(roles, 'Janitor')).toBeNull();
  });

  it('allows a permission when the level meets its level_needed', () => {
    const names = allowedFor(definitions, 80).map((d) => d.permission);
    expect(names).toContain('view-users');
    expect(names).toContain('order-services');
    expect(names).not.toContain('edit-users');
  });

  it('offers only what the admin holds', () => {
    const offered = offeredFor(definitions, 100, { 'view-account': true, 'edit-users': true });
    expect(offered.map((d) => d.permission)).toEqual(['view-account', 'edit-users']);
  });

  it('groups by section in the order given', () => {
    expect(bySection(definitions).map((s) => s.section)).toEqual([
      'Account',
      'Services',
      'Billing',
      'Support',
    ]);
  });

  it('turns off only the enabled defaults that were not chosen', () => {
    const current = permissionsOf(['view-account', 'view-alerts', 'view-services']);
    expect(untickedDefaults(current, ['view-account', 'purchase-block'])).toEqual([
      { permission: 'view-alerts', enabled: 0 },
      { permission: 'view-services', enabled: 0 },
    ]);
  });

  it('lists only the changes among the permissions shown', () => {
    const shown = allowedFor(definitions, 10);
    const current = permissionsOf(['view-account', 'view-users']);
    expect(permissionChanges(shown, current, ['view-users', 'view-tickets'])).toEqual([
      { permission: 'view-account', enabled: 0 },
      { permission: 'view-tickets', enabled: 1 },
    ]);
    expect(permissionChanges(shown, current, ['view-account', 'view-users'])).toEqual([]);
  });
});

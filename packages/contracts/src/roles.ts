/** Contact roles with levels, and the relationships each role offers. Seeded; edit-users reads them. */
export const roleDefinitions = [
  { role: 'Account Holder', level: 100, relationships: ['Self'] },
  {
    role: 'Authorised Representative',
    level: 80,
    relationships: ['Spouse or Partner', 'Family Member', 'Business Partner', 'Power of Attorney'],
  },
  {
    role: 'Billing Contact',
    level: 50,
    relationships: ['Accountant', 'Bookkeeper', 'Family Member'],
  },
  {
    role: 'Technical Contact',
    level: 50,
    relationships: ['IT Support', 'Family Member', 'Tenant'],
  },
  { role: 'General Contact', level: 10, relationships: ['Family Member', 'Tenant', 'Other'] },
] as const;

export type RoleName = (typeof roleDefinitions)[number]['role'];

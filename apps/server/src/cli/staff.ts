import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { STAFF_ROLES } from '@outpost/domain/staff-rules';
import type { StaffRole } from '@outpost/domain/staff-rules';
import { createStaffMember, listAudit, setStaffActive } from '../modules/staff/staff.service';
import { createApiKey, listApiKeys, revokeApiKey } from '../modules/admin/api-keys.service';
import { API_KEY_MAX_DAYS, API_KEY_SCOPES } from '@outpost/domain/admin-rules';
import type { ApiKeyScope } from '@outpost/domain/admin-rules';

/**
 * Staff members and the audit log from the command line (docs/decisions/025).
 *
 *   npm run staff -- create --email E --name N --role support|billing|admin   (asks no password:
 *     reads it from STAFF_PASSWORD; prints the authenticator secret to enrol, once)
 *   npm run staff -- disable --email E   /   enable --email E
 *   npm run staff -- audit [--account ID] [--staff ID] [--limit N]
 *   npm run staff -- key-create --name N --scopes read,provisioning [--days D]   (prints the key
 *     once: it is stored as a hash; docs/decisions/051)
 *   npm run staff -- key-list   /   key-revoke --key ID
 */
const usage =
  'Usage: STAFF_PASSWORD=... npm run staff -- create --email E --name N --role support|billing|admin\n' +
  '       npm run staff -- disable|enable --email E\n' +
  '       npm run staff -- audit [--account ID] [--staff ID] [--limit N]\n' +
  '       npm run staff -- key-create --name N --scopes read,provisioning [--days D]\n' +
  '       npm run staff -- key-list | key-revoke --key ID';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    account: { type: 'string' },
    staff: { type: 'string' },
    limit: { type: 'string' },
    scopes: { type: 'string' },
    days: { type: 'string' },
    key: { type: 'string' },
  },
});
const [command] = positionals;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
const id = (v: string | undefined) => (v && /^[0-9]+$/.test(v) ? Number(v) : undefined);

if (command === 'create') {
  if (!values.email || !values.name || !STAFF_ROLES.includes(values.role as StaffRole)) fail(usage);
  if ((process.env.STAFF_PASSWORD ?? '').length < 12)
    fail('Set STAFF_PASSWORD (at least 12 characters) for the new staff member.');
} else if (command === 'disable' || command === 'enable') {
  if (!values.email) fail(usage);
} else if (command === 'key-create') {
  const scopes = (values.scopes ?? '').split(',').filter(Boolean);
  if (!values.name?.trim() || scopes.length === 0) fail(usage);
  if (!scopes.every((s) => (API_KEY_SCOPES as readonly string[]).includes(s)))
    fail(`A key's scopes are ${API_KEY_SCOPES.join(' and ')}.`);
  const days = id(values.days);
  if (values.days !== undefined && (days === undefined || days < 1 || days > API_KEY_MAX_DAYS))
    fail(`--days is 1 to ${API_KEY_MAX_DAYS}.`);
} else if (command === 'key-revoke') {
  if (id(values.key) === undefined) fail(usage);
} else if (command !== 'audit' && command !== 'key-list') fail(usage);

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
try {
  if (command === 'create') {
    const made = await createStaffMember(database.db, {
      email: values.email!,
      name: values.name!,
      role: values.role as StaffRole,
      password: process.env.STAFF_PASSWORD!,
    });
    console.log(`staff member ${made.id} created (${values.role})`);
    console.log(`authenticator secret (enrol it now; it is not shown again): ${made.totpSecret}`);
    console.log(made.otpauth);
  } else if (command === 'disable' || command === 'enable') {
    const found = await setStaffActive(database.db, values.email!, command === 'enable');
    if (!found) fail(`no staff member ${values.email}`);
    console.log(`${values.email} ${command}d`);
  } else if (command === 'key-create') {
    const made = await createApiKey(
      database.db,
      {
        name: values.name!,
        scopes: values.scopes!.split(',').filter(Boolean) as ApiKeyScope[],
        expiresInDays: id(values.days),
      },
      null,
      new Date(),
    );
    console.log(
      `API key ${made.keyid} "${made.name}" (${made.scopes.join(', ')}), expires ${made.expires}`,
    );
    console.log(`key (store it now; it is not shown again): ${made.key}`);
  } else if (command === 'key-list') {
    const keys = await listApiKeys(database.db);
    for (const k of keys)
      console.log(
        [
          k.keyid,
          k.name,
          `${k.prefix}...`,
          k.scopes.join(','),
          `expires ${k.expires}`,
          k.revoked ? `revoked ${k.revoked}` : 'live',
          `last used ${k.last_used ?? 'never'}`,
        ].join('\t'),
      );
    if (keys.length === 0) console.log('no API keys');
  } else if (command === 'key-revoke') {
    const revoked = await revokeApiKey(database.db, id(values.key)!, new Date());
    console.log(`API key ${revoked.keyid} "${revoked.name}" revoked at ${revoked.revoked}`);
  } else {
    const rows = await listAudit(database.db, {
      accountid: id(values.account),
      staffid: id(values.staff),
      limit: id(values.limit),
    });
    for (const r of rows)
      console.log(
        [
          r.at,
          r.staff ?? '-',
          `account ${r.accountid ?? '-'}`,
          r.action,
          r.method ?? '',
          r.route ?? '',
          r.status ?? '',
          r.detail ?? '',
        ].join('\t'),
      );
    if (rows.length === 0) console.log('no entries');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}

import { and, count, eq } from 'drizzle-orm';
import type { OwnContact, UpdateOwnContactInput, UserAccount } from '@outpost/contracts/account';
import { checkContactEmail, checkContactPhone } from '@outpost/domain/own-contact-rules';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { users } from '../accounts/accounts.schema';
import { balanceCents, balanceStatus } from '../billing/ledger';
import { services } from '../services/services.schema';
import { accountError } from './account.errors';

/**
 * My Details (spec 3 sections 3, 4, 5, 7). Every function takes the caller, never an id from the
 * request: a contact reads and changes only their own row and their own account's summary.
 */

/** The Summary panel: account id, holder's name, services count, balance (the ledger's). */
export async function getUserAccount(db: Db, auth: AuthContext): Promise<UserAccount> {
  const [[holder], [serviceCount], amount] = await Promise.all([
    db
      .select({ given: users.givenNames, surname: users.surname })
      .from(users)
      .where(and(eq(users.accountId, auth.accountId), eq(users.isAccountHolder, true)))
      .orderBy(users.id)
      .limit(1),
    db.select({ n: count() }).from(services).where(eq(services.accountId, auth.accountId)),
    balanceCents(db, auth.accountId),
  ]);
  return {
    accountid: auth.accountId,
    account_holder: holder ? `${holder.given} ${holder.surname}` : '',
    services: serviceCount?.n ?? 0,
    balance: { amount, status: balanceStatus(amount) },
  };
}

const contactColumns = {
  title: users.title,
  givenNames: users.givenNames,
  surname: users.surname,
  email: users.email,
  mobile: users.mobile,
  dateOfBirth: users.dateOfBirth,
  holder: users.isAccountHolder,
};
type ContactRow = {
  title: string | null;
  givenNames: string;
  surname: string;
  email: string | null;
  mobile: string | null;
  dateOfBirth: string | null;
  holder: boolean;
};

function toOwnContact(row: ContactRow): OwnContact {
  return {
    title: row.title,
    given_names: row.givenNames,
    surname: row.surname,
    email: { email: row.email },
    mobile: { phone: row.mobile },
    date_of_birth: row.dateOfBirth,
    account: { account_holder: row.holder },
  };
}

const ownRow = (auth: AuthContext) =>
  and(eq(users.id, auth.userId), eq(users.accountId, auth.accountId));

export async function getOwnContact(db: Db, auth: AuthContext): Promise<OwnContact> {
  const [row] = await db.select(contactColumns).from(users).where(ownRow(auth));
  if (!row) throw notFound();
  return toOwnContact(row);
}

/** A read-only field sent with a value other than the stored one (null and '' are the same). */
function changed(sent: string | null | undefined, stored: string | null): boolean {
  if (sent === undefined) return false;
  return (sent ?? '').trim() !== (stored ?? '').trim();
}

/**
 * PATCH user contact: email (required, valid) and mobile (digits) change; title and names are
 * read-only and a change to them is refused. Only the caller's own row is written.
 */
export async function updateOwnContact(
  db: Db,
  auth: AuthContext,
  input: UpdateOwnContactInput,
): Promise<OwnContact> {
  const emailProblem = checkContactEmail(input.email);
  if (emailProblem !== null)
    throw accountError(input.email.trim() === '' ? 'ownEmailRequired' : 'ownEmailInvalid');
  if (checkContactPhone(input.mobile) !== null) throw accountError('ownMobileInvalid');
  return withTransaction(db, async (tx) => {
    const [row] = await tx.select(contactColumns).from(users).where(ownRow(auth)).for('update');
    if (!row) throw notFound();
    if (changed(input.title, row.title)) throw accountError('ownContactReadOnly', 'title');
    if (changed(input.given_names, row.givenNames))
      throw accountError('ownContactReadOnly', 'first name');
    if (changed(input.surname, row.surname)) throw accountError('ownContactReadOnly', 'last name');
    const mobile = input.mobile.trim();
    const [updated] = await tx
      .update(users)
      .set({ email: input.email.trim(), mobile: mobile === '' ? null : mobile })
      .where(ownRow(auth))
      .returning(contactColumns);
    return toOwnContact(updated!);
  });
}

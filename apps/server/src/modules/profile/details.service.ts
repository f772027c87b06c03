import { zoneCityName } from '@outpost/domain/time/names';
import { and, count, eq, gt } from 'drizzle-orm';
import type {
  ContactChangeKind,
  OwnContact,
  UpdateOwnContactInput,
  UserAccount,
  VerifyOwnContactInput,
} from '@outpost/contracts/account';
import type { Brand } from '@outpost/contracts/brand';
import { formatDateTime } from '@outpost/domain/format';
import { checkContactEmail, checkContactPhone } from '@outpost/domain/contacts-rules';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { limitMessages } from '../../lib/message-limits';
import type { RequestMeta } from '../../lib/route';
import type { AuthContext } from '../../lib/auth-context';
import { users } from '../../db/accounts.schema';
import { audit } from '../auth/auth.service';
import { CODE_TTL_MS, checkCode, issueCode, retireCodes } from '../auth/codes';
import { addressTaken, emailKey, mobileKey, takenByIndex } from '../users/identity';
import { pendingContactChanges } from './profile.schema';
import { balanceCents, balanceStatus } from '../billing/ledger';
import { services } from '../services/services.schema';
import { profileError } from './profile.errors';

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
type Pending = OwnContact['pending'];

function toOwnContact(row: ContactRow, pending: Pending): OwnContact {
  return {
    title: row.title,
    given_names: row.givenNames,
    surname: row.surname,
    email: { email: row.email },
    mobile: { phone: row.mobile },
    date_of_birth: row.dateOfBirth,
    account: { account_holder: row.holder },
    pending,
  };
}

const ownRow = (auth: AuthContext) =>
  and(eq(users.id, auth.userId), eq(users.accountId, auth.accountId));

/** The caller's changes still waiting for their code (a code lives CODE_TTL_MS). */
async function pendingOf(db: Db, userId: number, now: Date): Promise<Pending> {
  const rows = await db
    .select({ kind: pendingContactChanges.kind, value: pendingContactChanges.value })
    .from(pendingContactChanges)
    .where(
      and(
        eq(pendingContactChanges.userId, userId),
        gt(pendingContactChanges.createdAt, new Date(now.getTime() - CODE_TTL_MS)),
      ),
    );
  const of = (kind: ContactChangeKind) => rows.find((r) => r.kind === kind)?.value ?? null;
  return { email: of('email'), mobile: of('mobile') };
}

export type DetailsDeps = { db: Db; clock: Clock; brand: Brand };

export async function getOwnContact(deps: DetailsDeps, auth: AuthContext): Promise<OwnContact> {
  const [[row], pending] = await Promise.all([
    deps.db.select(contactColumns).from(users).where(ownRow(auth)),
    pendingOf(deps.db, auth.userId, deps.clock()),
  ]);
  if (!row) throw notFound();
  return toOwnContact(row, pending);
}

/** A read-only field sent with a value other than the stored one (null and '' are the same). */
function changed(sent: string | null | undefined, stored: string | null): boolean {
  if (sent === undefined) return false;
  return (sent ?? '').trim() !== (stored ?? '').trim();
}

const codePurpose = { email: 'email-change', mobile: 'mobile-change' } as const;
const takenError = (kind: ContactChangeKind) =>
  profileError(kind === 'email' ? 'ownEmailTaken' : 'ownMobileTaken');

/** The message with the code, to the NEW address only: plain text, no link. */
async function sendChangeCode(
  tx: Db,
  deps: DetailsDeps,
  userId: number,
  kind: ContactChangeKind,
  to: string,
  now: Date,
): Promise<void> {
  const code = await issueCode(tx, userId, codePurpose[kind], now);
  const name = deps.brand.providerName;
  const text = `${name}: your code to confirm this ${kind === 'email' ? 'email address' : 'mobile number'} for your ${name} login is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message: nothing changes without the code.`;
  if (kind === 'mobile') {
    await enqueueMessage(tx, 'sms', { to, subject: 'Confirmation code', body: text });
  } else {
    await enqueueMessage(tx, 'email', {
      to,
      subject: `Confirm your new email address for ${name}`,
      body: text,
    });
  }
}

/**
 * After an address changed: a notice to the OLD email and the OLD mobile (each that was on file),
 * saying what changed, when, and whom to call. Plain text; nothing from the request in it.
 */
async function sendChangeNotices(
  tx: Db,
  deps: DetailsDeps,
  kind: ContactChangeKind,
  old: { email: string | null; mobile: string | null },
  now: Date,
): Promise<void> {
  const name = deps.brand.providerName;
  const what = kind === 'email' ? 'email address' : 'mobile number';
  const when = formatDateTime(now.toISOString());
  const text = `${name}: the ${what} on your ${name} login was changed on ${when} (${zoneCityName()} time). If you made this change, there is nothing to do. If you did not, call us on ${deps.brand.helpPhone} straight away: someone may be using your login.`;
  if (old.email) {
    await enqueueMessage(tx, 'email', {
      to: old.email,
      subject: `The ${what} on your ${name} login was changed`,
      body: text,
    });
  }
  if (old.mobile) {
    await enqueueMessage(tx, 'sms', {
      to: old.mobile,
      subject: 'Contact details changed',
      body: text,
    });
  }
}

/**
 * PATCH user contact (decision 035; the route needs a fresh step-up). Title and names are
 * read-only. A NEW email or mobile does not change at once: it is stored as pending and a code
 * goes to it; the old one stays in force until the code is entered (verifyOwnContact). Sending
 * the current value again withdraws a pending change of that kind; a change of letter case or
 * of spacing only is saved at once (the same address). Removing the mobile applies at once (there
 * is nothing to send a code to) with a notice to it. An address that names another person is
 * refused without saying whose.
 */
export async function updateOwnContact(
  deps: DetailsDeps,
  auth: AuthContext,
  input: UpdateOwnContactInput,
  meta: RequestMeta,
): Promise<OwnContact> {
  const emailProblem = checkContactEmail(input.email);
  if (emailProblem !== null)
    throw profileError(input.email.trim() === '' ? 'ownEmailRequired' : 'ownEmailInvalid');
  if (checkContactPhone(input.mobile) !== null) throw profileError('ownMobileInvalid');
  const now = deps.clock();
  const email = input.email.trim();
  const mobile = input.mobile.trim();
  return withTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({ ...contactColumns, twoFactorMethod: users.twoFactorMethod })
      .from(users)
      .where(ownRow(auth))
      .for('update');
    if (!row) throw notFound();
    if (changed(input.title, row.title)) throw profileError('ownContactReadOnly', 'title');
    if (changed(input.given_names, row.givenNames))
      throw profileError('ownContactReadOnly', 'first name');
    if (changed(input.surname, row.surname)) throw profileError('ownContactReadOnly', 'last name');

    const newEmail = emailKey(email) !== emailKey(row.email ?? '');
    const mobileGone = mobile === '' && row.mobile !== null && row.mobile !== '';
    const newMobile = mobile !== '' && mobileKey(mobile) !== mobileKey(row.mobile ?? '');
    if (mobileGone && row.twoFactorMethod === 'sms') {
      throw profileError('ownMobileNeededForTwoFactor');
    }
    const taken = await addressTaken(
      tx,
      { email: newEmail ? email : null, mobile: newMobile ? mobile : null },
      auth.userId,
    );
    if (taken) throw takenError(taken);

    // What is the same address (or no mobile) is saved as sent, at once.
    if (!newEmail || !newMobile) {
      await tx
        .update(users)
        .set({
          ...(newEmail ? {} : { email }),
          ...(newMobile ? {} : { mobile: mobile === '' ? null : mobile }),
        })
        .where(ownRow(auth));
    }
    if (mobileGone) {
      await sendChangeNotices(tx, deps, 'mobile', row, now);
      await audit(tx, meta, {
        event: 'contact-details',
        outcome: 'success',
        userId: auth.userId,
        detail: 'mobile removed; notices sent',
      });
    }

    for (const [kind, isNew, value] of [
      ['email', newEmail, email],
      ['mobile', newMobile, mobile],
    ] as const) {
      if (!isNew) {
        // The current value again: a pending change of this kind is withdrawn.
        await tx
          .delete(pendingContactChanges)
          .where(
            and(
              eq(pendingContactChanges.userId, auth.userId),
              eq(pendingContactChanges.kind, kind),
            ),
          );
        await retireCodes(tx, auth.userId, codePurpose[kind], now);
        continue;
      }
      await tx
        .insert(pendingContactChanges)
        .values({ userId: auth.userId, kind, value, familyId: auth.familyId, createdAt: now })
        .onConflictDoUpdate({
          target: [pendingContactChanges.userId, pendingContactChanges.kind],
          set: { value, familyId: auth.familyId, createdAt: now },
        });
      // Each code goes to an address the caller typed: limited like every message a customer
      // can make us send (docs/decisions/036).
      await limitMessages(
        tx,
        'contactChangeCode',
        auth,
        kind === 'email' ? emailKey(value) : mobileKey(value),
      );
      await sendChangeCode(tx, deps, auth.userId, kind, value, now);
      await audit(tx, meta, {
        event: 'contact-details',
        outcome: 'challenge',
        userId: auth.userId,
        detail: `new ${kind} waits for its code`,
      });
    }
    const [saved] = await tx.select(contactColumns).from(users).where(ownRow(auth));
    return toOwnContact(saved!, await pendingOf(tx, auth.userId, now));
  });
}

/**
 * POST user contact verify: the code sent to the NEW address. Right (in the session that asked,
 * within 10 minutes, at most 5 tries): the address changes, the pending change ends, and the old
 * email and mobile each get a notice. The address is checked again (another person may have taken
 * it since), and the unique index decides a race.
 */
export async function verifyOwnContact(
  deps: DetailsDeps,
  auth: AuthContext,
  input: VerifyOwnContactInput,
  meta: RequestMeta,
): Promise<OwnContact> {
  const now = deps.clock();
  const { kind } = input;
  const [pending] = await deps.db
    .select({ value: pendingContactChanges.value, familyId: pendingContactChanges.familyId })
    .from(pendingContactChanges)
    .where(
      and(eq(pendingContactChanges.userId, auth.userId), eq(pendingContactChanges.kind, kind)),
    );
  if (!pending || pending.familyId !== auth.familyId) throw profileError('ownChangeNotPending');
  // Outside the transaction: a wrong try stays counted.
  const check = await checkCode(deps.db, auth.userId, codePurpose[kind], input.code, now);
  if (check === 'locked') throw profileError('ownChangeCodeLocked');
  if (check !== 'ok') throw profileError('ownChangeCodeWrong');
  try {
    return await withTransaction(deps.db, async (tx) => {
      const [row] = await tx.select(contactColumns).from(users).where(ownRow(auth)).for('update');
      if (!row) throw notFound();
      const taken = await addressTaken(tx, { [kind]: pending.value }, auth.userId);
      if (taken) throw takenError(kind);
      const [updated] = await tx
        .update(users)
        .set(kind === 'email' ? { email: pending.value } : { mobile: pending.value })
        .where(ownRow(auth))
        .returning(contactColumns);
      await tx
        .delete(pendingContactChanges)
        .where(
          and(eq(pendingContactChanges.userId, auth.userId), eq(pendingContactChanges.kind, kind)),
        );
      await sendChangeNotices(tx, deps, kind, row, now);
      await audit(tx, meta, {
        event: 'contact-details',
        outcome: 'success',
        userId: auth.userId,
        detail: `${kind} changed; notices sent to the old email and mobile`,
      });
      return toOwnContact(updated!, await pendingOf(tx, auth.userId, now));
    });
  } catch (error) {
    const taken = takenByIndex(error);
    if (taken) throw takenError(taken);
    throw error;
  }
}

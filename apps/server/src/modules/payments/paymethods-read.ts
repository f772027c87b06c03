import { sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/client';
import type { CallerRow } from '../auth/caller';
import { callerSql } from '../auth/caller';
import { paymethods } from '../billing/billing.schema';
import type { PaymethodsShown } from './paymethods.service';

/**
 * The saved payment methods read with their caller (spec 3 section 3): a hot read, so the caller
 * is read in the same prepared statement (one round trip; decision 011), as the dashboard,
 * transactions, My Tickets and network status are. A file of its own, apart from the payment
 * methods service, as it reads the caller. Only what the answer shows leaves PostgreSQL (never
 * the gateway's customer id).
 */
export const paymethodsReadRows = preparedStatement<
  { caller: CallerRow; paymethods: PaymethodsShown | null },
  { hash: string }
>(
  'paymethods_read',
  sql`with caller as materialized (${callerSql})
  select row_to_json(c) as caller,
    (select json_build_object(
              'method', ${paymethods.method}, 'status', ${paymethods.status},
              'cardLast4', ${paymethods.cardLast4}, 'cardExpires', ${paymethods.cardExpires},
              'cardType', ${paymethods.cardType}, 'bankAccount', ${paymethods.bankAccount},
              'bankName', ${paymethods.bankName})
       from ${paymethods} where ${paymethods.accountId} = c.account_id) as paymethods
  from caller c`,
);

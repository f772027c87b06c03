import { sql } from 'drizzle-orm';
import type { AdvisoriesPage } from '@outpost/contracts/advisories';
import type { AdvisorySeverity, AdvisoryStatus } from '@outpost/domain/advisories-rules';
import { ADVISORIES_PER_PAGE } from '@outpost/domain/advisories-rules';
import { preparedStatement } from '../../db/client';
import type { CallerRow } from '../auth/caller';
import { callerSql } from '../auth/caller';
import { affectedStreetSql, detailFrom, seesServicesSql } from './advisories.service';

/**
 * The network status page read with its caller (docs/decisions/019): a hot read, so the caller is
 * read in the page's own prepared statement (one round trip; decision 011), as the dashboard,
 * transactions and My Tickets are. Which of the caller's services an advisory affects is shown
 * only to a caller who may see services (view-services or view-activity), decided here from the
 * permissions the statement read, as the advisory detail route decides it from the hook's.
 */

type AdvisoryJson = {
  id: number;
  title: string;
  severity: AdvisorySeverity;
  status: AdvisoryStatus;
  /** Milliseconds since the epoch (no zone in SQL). */
  started_ms: number;
  ended_ms: number | null;
  message: string;
  street: string | null;
  subscribed: boolean;
};

export const advisoryPageRows = preparedStatement<
  { caller: CallerRow; advisories: AdvisoryJson[] },
  { hash: string; limit: number; offset: number }
>(
  'advisory_page',
  sql`with caller as materialized (${callerSql})
  select row_to_json(c) as caller,
    (select coalesce(json_agg(p order by p.started desc, p.id desc), '[]'::json) from (
       select a.id, a.title, a.severity, a.status, a.started, a.message,
              floor(extract(epoch from a.started) * 1000)::bigint as started_ms,
              floor(extract(epoch from a.ended) * 1000)::bigint as ended_ms,
              ${affectedStreetSql(sql`c.account_id`, seesServicesSql(sql`c.permissions`))} as street,
              exists (select 1 from advisory_subscriptions x
                       where x.advisory_id = a.id and x.user_id = c.user_id) as subscribed
         from advisories a
        order by a.started desc, a.id desc
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p) as advisories
  from caller c`,
);

/** The statement's page as the API answers it (one row more than a page says another exists). */
export function advisoryPageFrom(rows: AdvisoryJson[], page: number): AdvisoriesPage {
  return {
    page,
    per_page: ADVISORIES_PER_PAGE,
    more: rows.length > ADVISORIES_PER_PAGE,
    items: rows.slice(0, ADVISORIES_PER_PAGE).map((r) => ({
      advisoryid: r.id,
      advisory: r.title,
      detail: detailFrom({
        ...r,
        started: new Date(r.started_ms),
        ended: r.ended_ms === null ? null : new Date(r.ended_ms),
      }),
    })),
  };
}

/** The statement's paging values for a page number. */
export const advisoryPageValues = (page: number) => ({
  limit: ADVISORIES_PER_PAGE + 1,
  offset: (page - 1) * ADVISORIES_PER_PAGE,
});

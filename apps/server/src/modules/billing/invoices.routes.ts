import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { billingRoutes } from '@outpost/contracts/billing-routes';
import type { Brand } from '@outpost/contracts/brand';
import type { Tax } from '../../business';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import { sendInvoicePdf } from './invoice-pdf';
import { callerInStatement, checkCaller, userTokenHash } from '../auth/caller';
import { ownedInvoice } from './invoices.service';
import { transactionFrom, transactionsRows } from './transactions';

export type InvoicesDeps = { db: Db; clock: Clock; brand: Brand; tax: Tax; publicUrl: string };

/**
 * Invoices and Payments History (spec 3 section 2.4) and the tax invoice PDFs. Everything is read
 * within the caller's account: another account's invoice answers 404, as a missing one does.
 */
export const invoicesModule: FastifyPluginAsyncZod<{ deps: InvoicesDeps }> = async (
  app,
  { deps },
) => {
  const { db, clock } = deps;

  app.route({
    // A hot read with a large answer: the caller is read in its own statement (one round trip).
    ...callerInStatement(routeFor(billingRoutes.transactions)),
    handler: async (request) => {
      const now = clock();
      const [found] = await transactionsRows(db, { hash: userTokenHash(request) });
      const { row } = checkCaller(request, found, now);
      return { data: row.transactions.map(transactionFrom) };
    },
  });

  const sendInvoice = async (accountId: number, invoiceId: number, reply: FastifyReply) =>
    sendInvoicePdf(reply, deps, await ownedInvoice(db, accountId, invoiceId));

  app.route({
    ...routeFor(billingRoutes.invoicePdf),
    handler: (request, reply) =>
      sendInvoice(requireAuth(request).accountId, request.params.invoiceid, reply),
  });

  app.route({
    ...routeFor(billingRoutes.invoiceDetail),
    handler: (request, reply) =>
      sendInvoice(requireAuth(request).accountId, request.params.invoice, reply),
  });
};

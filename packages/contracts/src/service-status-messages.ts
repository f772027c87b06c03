/**
 * Why a service takes no data blocks or plan changes (docs/decisions/052): the server's refusal
 * and the notice the portal shows beside the service. A file of its own (like the contact-change
 * messages), so the login page's bundle carries none of it.
 */
export const serviceStatusMessages = {
  suspendedBlocks:
    "This service is suspended, so data blocks can't be bought for it. Call us or open a ticket to have it restored.",
  suspendedPlan:
    "This service is suspended, so its plan can't be changed. Call us or open a ticket to have it restored.",
  cancelledBlocks: "This service is cancelled, so data blocks can't be bought for it.",
  cancelledPlan: "This service is cancelled, so its plan can't be changed.",
  /** The notice beside a suspended service (its usage, bills and tickets stay open). */
  suspendedNotice:
    "This service is suspended. You can still see its usage and bills, pay and open tickets, but you can't buy data blocks or change its plan. Call us or open a ticket to have it restored.",
  cancelledNotice: 'This service is cancelled. Its usage history and invoices stay here to see.',
  cancelsOn: (date: string) => `This service will be cancelled on ${date}.`,
} as const;

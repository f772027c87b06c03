/**
 * The preference keys the server's own code reads (usage alert channels, invoice delivery).
 * Fixed ids: the route examples and the tests name them.
 */
export const preferenceKeys = {
  invoiceDelivery: 'invoice_delivery',
  marketing: 'marketing_opt_in',
  usageAlertsInApp: 'usage_alerts_in_app',
  usageAlertsEmail: 'usage_alerts_email',
  usageAlertsSms: 'usage_alerts_sms',
  usageAlertsPush: 'usage_alerts_push',
  alternateName: 'alternate_contact_name',
  alternatePhone: 'alternate_contact_phone',
  alternateEmail: 'alternate_contact_email',
  twoFactor: 'two_factor_method',
} as const;

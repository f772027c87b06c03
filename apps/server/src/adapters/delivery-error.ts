/**
 * The provider refused this message for good: the number is not one, the recipient opted out,
 * the sender is not allowed. Sending it again would be refused again, so the outbox marks it
 * 'dead' at once (docs/decisions/043); any other failure (network, 429, 5xx) is retried.
 */
export class PermanentDeliveryError extends Error {}

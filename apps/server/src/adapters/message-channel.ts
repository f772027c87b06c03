/** What a message is on its way out, and the channel (mail or SMS) that delivers it. */
export type OutgoingMessage = { to: string; subject: string; body: string };

/**
 * A message as a channel sends it: with its id towards the provider, the same on every attempt
 * (the outbox row's message_key): the mail's Message-ID, the SMS gateway's Idempotency-Key. A
 * resend after a failure to record 'sent' is then the same message, which the provider can drop.
 */
export type ChannelMessage = OutgoingMessage & { key: string };

/**
 * How one channel (mail or SMS) delivers what the outbox holds: a real client when configured;
 * in the embedded default nothing more (the outbox row is the message, read at /dev/outbox).
 * Only the outbox drainer calls `send`: modules call enqueueMessage.
 */
export type MessageChannel = {
  kind: 'outbox' | 'smtp' | 'http-sms' | 'twilio' | 'messagemedia';
  /** Resolves when the provider took the message, with its id there when it gives one. */
  send: (message: ChannelMessage) => Promise<SentMessage | void>;
};

/** What a provider answered to a message it took: its own id for it (delivery reports). */
export type SentMessage = { providerId?: string };

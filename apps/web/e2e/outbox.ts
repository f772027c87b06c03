import { type APIRequestContext, expect } from '@playwright/test';

/** A message of the development outbox (GET /dev/outbox.json, newest first). */
export type OutboxMessage = {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
};

const OUTBOX_JSON = '/dev/outbox.json';

export async function readOutbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get(OUTBOX_JSON);
  expect(response.ok(), `${OUTBOX_JSON} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** The newest message's id (0 when nothing was sent): later messages have greater ids. */
export async function lastOutboxId(request: APIRequestContext): Promise<number> {
  return (await readOutbox(request))[0]?.id ?? 0;
}

/** Waits for a message to `to` sent after the message `afterId`, and returns the newest. */
export async function newestMessageTo(
  request: APIRequestContext,
  to: string,
  afterId: number,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(request)).find((m) => m.to === to && m.id > afterId);
        return found !== undefined;
      },
      { message: `a message to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as OutboxMessage;
}

/** The verify-access link in a recovery message. */
export function recoveryLink(message: OutboxMessage): URL {
  const match = /https?:\/\/[^\s]+\/forgot-password\/verify\?[^\s]+/.exec(message.body);
  expect(match, `a recovery link in: ${message.body}`).not.toBeNull();
  return new URL((match as RegExpExecArray)[0]);
}

/** The 6-digit code in a message (a recovery link's code, or the code in the text). */
export function codeIn(message: OutboxMessage): string {
  const match = /(?:code=|\b)([0-9]{6})\b/.exec(message.body);
  expect(match, `a 6-digit code in: ${message.body}`).not.toBeNull();
  return (match as RegExpExecArray)[1] as string;
}

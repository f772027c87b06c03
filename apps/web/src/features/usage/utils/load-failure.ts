import { messages } from '@outpost/contracts/messages';
import { isApiError } from '@/lib/api-error';
import type { UsageAccess } from '../api/usage-access';

/** An embedded page's token lasts minutes: once it has run out, a new link is needed. */
export const EMBED_EXPIRED = 'This usage link has expired. Please ask for a new link.';

/** What a failed usage load shows: the spec's load message, or that an embedded link has expired. */
export function loadFailure(error: unknown, access: UsageAccess): string {
  if (access.kind === 'embed' && isApiError(error) && error.status === 401) return EMBED_EXPIRED;
  return messages.banner.loadData;
}

import { messages } from '@outpost/contracts/messages';
import { ApiError, apiData } from '@/lib/api-client';

type CsrfAnswer = { csrf?: unknown };

/** A prepare call of a prepare/commit flow: POST the body, get the csrf the commit needs. */
export async function prepare(path: string, body: object): Promise<string> {
  const answer = await apiData<CsrfAnswer | null>(path, { method: 'POST', body });
  if (typeof answer?.csrf !== 'string') throw new ApiError('Parse', messages.banner.loadData, 200);
  return answer.csrf;
}

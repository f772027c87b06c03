import { messages } from '@outpost/contracts/messages';
import { apiData } from './api-client';
import { ApiError } from './api-error';

/**
 * A prepare/commit flow (ARCHITECTURE section 4): POST the body to `prepare` for a csrf, then
 * POST the body and the csrf to `commit`, which applies it exactly once (a repeated commit answers
 * the first result). The one client side of every such flow: data blocks, plan changes,
 * nicknames, access recovery, and the payments, orders and contacts to come.
 */
export type PrepareCommit = {
  prepare: string;
  commit: string;
  body: object;
  /** The prepare's body, where it is not the commit's (the body then goes to the commit only). */
  prepareBody?: object;
  /**
   * Reads the prepare's whole answer before the commit, for a prepare that says more than the csrf
   * (a reference to show, or a refusal: throw to stop there).
   */
  prepared?: (answer: Record<string, unknown>) => void;
  /**
   * Fields the commit alone carries, over the body's (a file's bytes: the prepare binds its name
   * and size, so a file too big is refused before it is sent).
   */
  commitBody?: object;
  /** 'none' for the public flows (access recovery): no session token is sent. */
  auth?: 'none';
};

type CsrfAnswer = { csrf?: unknown } & Record<string, unknown>;

export async function prepareCommit<T>({
  prepare,
  commit,
  body,
  prepareBody,
  prepared,
  commitBody,
  auth,
}: PrepareCommit): Promise<T> {
  const session = auth ? { auth } : {};
  /** Tags a failure with its call, so a wizard can return to the step for each (spec 2 section 4). */
  const tagged = (phase: 'prepare' | 'commit') => (error: unknown) => {
    if (error instanceof ApiError) error.phase = phase;
    throw error;
  };
  const answer = await apiData<CsrfAnswer | null>(prepare, {
    method: 'POST',
    body: prepareBody ?? body,
    ...session,
  })
    .then((a) => {
      if (a) prepared?.(a);
      return a;
    })
    .catch(tagged('prepare'));
  if (typeof answer?.csrf !== 'string') {
    const error = new ApiError('Parse', messages.banner.loadData, 200);
    error.phase = 'prepare';
    throw error;
  }
  return apiData<T>(commit, {
    method: 'POST',
    body: { ...body, ...commitBody, csrf: answer.csrf },
    ...session,
  }).catch(tagged('commit'));
}

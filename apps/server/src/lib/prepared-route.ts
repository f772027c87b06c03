import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { RouteContract } from '@outpost/contracts/api-routes';
import type { Db } from '../db/client';
import type { AuthContext } from './auth-context';
import { requireAuth } from './auth-context';
import type { Clock } from './clock';
import { commitOperation, prepareOperation } from './prepared';
import type { RequestMeta } from './route';
import { requestMeta, routeFor } from './route';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type Awaitable<T> = T | Promise<T>;

/** What the `data` of a route's answer holds. */
type DataOf<C extends RouteContract> = Infer<C['response']> extends { data: infer D } ? D : never;

/** What a prepare/commit route knows of a request; the commit's body is the prepare's, less csrf. */
export type PreparedInput<P extends RouteContract> = {
  /** The caller; null on a public route (access recovery). */
  caller: P['access'] extends 'public' ? null : AuthContext;
  params: Infer<P['params']>;
  body: Infer<P['body']>;
  meta: RequestMeta;
  /** One time for the whole request. */
  now: Date;
};

/** Inside the commit's transaction: the object locked, the checked decision, and the input. */
export type PreparedWork<P extends RouteContract, O, D> = {
  input: PreparedInput<P>;
  object: O;
  decision: D;
  /** Runs `send` once the transaction has committed (messages): never after a rollback or a replay. */
  afterCommit: (send: () => Promise<void>) => void;
};

type PreparedRouteBase<P extends RouteContract, C extends RouteContract, O, D, R> = {
  /** The operation's kind: a csrf is bound to it, to the caller and to the payload. */
  kind: string;
  prepare: P;
  commit: C;
  /**
   * The object the operation changes, looked up within the caller's account (another account's
   * answers 404). `lock`: inside the commit's transaction, the row is locked until it ends.
   */
  load?: (db: Db, input: PreparedInput<P>, lock: boolean) => Promise<O>;
  /** At prepare only, before anything else (rate limits). */
  guard?: (input: PreparedInput<P>) => Promise<void>;
  /** What the csrf is bound to besides kind and caller; the same at prepare and commit. */
  payload: (input: PreparedInput<P>, object: O) => Record<string, unknown>;
  /**
   * The rules: at prepare, and again inside the commit's transaction with the object locked
   * (something may have changed in between). Throws the module's error, or returns the decision.
   */
  check?: (db: Db, object: O, input: PreparedInput<P>) => Awaitable<D>;
  /** The change, inside the commit's transaction, applied exactly once. */
  apply: (tx: Db, work: PreparedWork<P, O, D>) => Promise<R>;
  /**
   * A repeated commit returns the first result (stored with the operation). False for results
   * that hold secrets (a session): a repeated commit is then refused.
   */
  replayable?: boolean;
  /** Every commit answers no sooner than this, so its timing tells nothing. */
  minCommitMs?: number;
  /** The commit's body limit in bytes when it carries a file (the server's default otherwise). */
  commitBodyLimit?: number;
};

export type PreparedRoute<
  P extends RouteContract,
  C extends RouteContract,
  O = undefined,
  D = undefined,
  R = DataOf<C>,
> = PreparedRouteBase<P, C, O, D, R> & {
  /**
   * Turns the committed result into the answer's data, after the commit (it may throw). Without
   * it the result is the data.
   */
  respond?: (result: NoInfer<R>, input: PreparedInput<P>) => Awaitable<DataOf<C>>;
};

export type PreparedRouteDeps = { db: Db; clock: Clock };

function inputOf<P extends RouteContract>(
  contract: RouteContract,
  request: FastifyRequest,
  body: unknown,
  now: Date,
): PreparedInput<P> {
  return {
    caller: contract.access === 'public' ? null : requireAuth(request),
    params: request.params,
    body,
    meta: requestMeta(request),
    now,
  } as PreparedInput<P>;
}

/**
 * Registers a prepare/commit pair (docs/decisions/013). Prepare: guard, load, check, then a pending
 * operation bound to caller + kind + payload; answers `{ csrf }`. Commit: load (404 before the
 * csrf is looked at), then in one transaction with the operation's row locked: load with a lock,
 * check again, apply; then the after-commit work and the answer. See lib/prepared.ts for the
 * exactly-once and replay rules.
 */
export function preparedRoute<
  const P extends RouteContract,
  const C extends RouteContract,
  O = undefined,
  D = undefined,
  R = DataOf<C>,
>(app: FastifyInstance, deps: PreparedRouteDeps, spec: PreparedRoute<P, C, O, D, R>): void {
  const { db, clock } = deps;
  const load = (from: Db, input: PreparedInput<P>, lock: boolean): Promise<O> =>
    spec.load ? spec.load(from, input, lock) : Promise.resolve(undefined as O);
  const check = async (from: Db, object: O, input: PreparedInput<P>): Promise<D> =>
    spec.check ? spec.check(from, object, input) : (undefined as D);
  const userIdOf = (input: PreparedInput<P>) => input.caller?.userId ?? null;

  const prepare = async (request: FastifyRequest) => {
    const input = inputOf<P>(spec.prepare, request, request.body, clock());
    await spec.guard?.(input);
    const object = await load(db, input, false);
    await check(db, object, input);
    const payload = spec.payload(input, object);
    const csrf = await prepareOperation(
      db,
      { kind: spec.kind, userId: userIdOf(input), payload },
      input.now,
    );
    return { data: { csrf } };
  };

  const commit = async (request: FastifyRequest) => {
    const { csrf, ...body } = request.body as { csrf: string };
    const input = inputOf<P>(spec.prepare, request, body, clock());
    const object = await load(db, input, false);
    const afterCommit: (() => Promise<void>)[] = [];
    const result = await commitOperation(
      db,
      { kind: spec.kind, userId: userIdOf(input), payload: spec.payload(input, object), csrf },
      input.now,
      { replayable: spec.replayable ?? true },
      async (tx) => {
        const locked = await load(tx, input, true);
        const decision = await check(tx, locked, input);
        return spec.apply(tx, {
          input,
          object: locked,
          decision,
          afterCommit: (send) => afterCommit.push(send),
        });
      },
    );
    for (const send of afterCommit) await send();
    return { data: spec.respond ? await spec.respond(result, input) : result };
  };

  const timed = async (request: FastifyRequest) => {
    const started = Date.now();
    try {
      return await commit(request);
    } finally {
      const left = (spec.minCommitMs ?? 0) - (Date.now() - started);
      if (left > 0) await sleep(left);
    }
  };

  // The handlers take the request as the contracts' schemas validated it (routeFor sets them).
  app.route({ ...routeFor(spec.prepare), handler: prepare } as RouteOptions);
  app.route({
    ...routeFor(spec.commit),
    ...(spec.commitBodyLimit ? { bodyLimit: spec.commitBodyLimit } : {}),
    handler: spec.minCommitMs ? timed : commit,
  } as RouteOptions);
}

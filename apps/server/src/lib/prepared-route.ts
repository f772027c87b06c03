import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { RouteContract } from '@outpost/contracts/route-contract';
import type { Db } from '../db/client';
import type { AuthContext } from './auth-context';
import { requireAuth } from './auth-context';
import type { Clock } from './clock';
import { commitOperation, findOperation, preparedError, prepareOperationRecord } from './prepared';
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
  query: Infer<P['querystring']>;
  body: Infer<P['body']>;
  meta: RequestMeta;
  /** One time for the whole request. */
  now: Date;
  /** The commit route's id (several may share one prepare); null at prepare. */
  commit: string | null;
  log: FastifyBaseLogger;
};

/** What the commit's body holds besides the csrf. */
type SentOf<C extends RouteContract> = Omit<Infer<C['body']>, 'csrf'>;

/** Inside the commit's transaction: the object locked, the checked decision, and the input. */
export type PreparedWork<P extends RouteContract, O, D, X = undefined> = {
  input: PreparedInput<P>;
  object: O;
  decision: D;
  /** What `gateway.commit` answered (outside the transaction, before it). */
  gateway: X;
  /** Runs `send` once the transaction has committed (messages): never after a rollback or a replay. */
  afterCommit: (send: () => Promise<void>) => void;
};

/**
 * A flow that calls a payment gateway (docs/decisions/015): the gateway is never called inside a
 * database transaction (a network call must not hold locks), so it is called before the
 * operation is stored at prepare, and before the commit's transaction, whose `check` and `apply`
 * then settle what it answered.
 */
export type PreparedGateway<P extends RouteContract, C extends RouteContract, O, G, X> = {
  /** At prepare, after the check and before the operation is stored (a SetupIntent). */
  prepare?: (input: PreparedInput<P>, object: O) => Promise<G>;
  /**
   * At commit, once the csrf names a pending operation of this kind, caller and payload (one
   * committed before answers its first result without asking the gateway again, unless `repeat`):
   * reads what the client says it did from the gateway, or charges. `operation.subject`: what
   * `subject` named at prepare.
   */
  commit?: (
    input: PreparedInput<P>,
    object: O,
    sent: SentOf<C>,
    operation: { subject: number | null },
  ) => Promise<X>;
  /**
   * The row the operation acts on, from what `prepare` answered, kept with the operation for
   * `commit` when the commit's body does not name it (the saved-card payment).
   */
  subject?: (gateway: G) => number;
  /**
   * Every commit asks the gateway, also one of an operation committed before, and `apply` answers
   * from what it said (the one-off payments: a payment row records the gateway's outcome once,
   * with its own idempotency key, so a repeated post reads the gateway again and a commit after
   * 'unreached' charges again with the same key). Without it a repeated commit replays.
   */
  repeat?: boolean;
  /** The error when the csrf names no operation of this kind and caller (csrfInvalid otherwise). */
  mismatch?: () => Error;
};

type PreparedRouteBase<P extends RouteContract, C extends RouteContract, O, D, R, G, X> = {
  /**
   * The operation's kind: a csrf is bound to it, to the caller and to the payload. Several
   * commits of one prepare (adding a card or a bank account) each name theirs.
   */
  kind: string | ((input: PreparedInput<P>) => string);
  prepare: P;
  /** The commit route, or several sharing one prepare. */
  commit: C | readonly C[];
  /**
   * The object the operation changes, looked up within the caller's account (another account's
   * answers 404). `lock`: inside the commit's transaction, the row is locked until it ends.
   */
  load?: (db: Db, input: PreparedInput<P>, lock: boolean) => Promise<O>;
  /** At prepare only, before anything else (rate limits). */
  guard?: (input: PreparedInput<P>) => Promise<void>;
  /**
   * What the csrf is bound to besides kind and caller; the same at prepare and commit. `from`
   * holds what the gateway answered at prepare, and the commit's body at commit.
   */
  payload: (
    input: PreparedInput<P>,
    object: O,
    from: { gateway?: G; sent?: SentOf<C> },
  ) => Record<string, unknown>;
  /**
   * The rules: at prepare, and again inside the commit's transaction with the object locked
   * (something may have changed in between). Throws the module's error, or returns the decision.
   */
  check?: (db: Db, object: O, input: PreparedInput<P>) => Awaitable<D>;
  /** The change, inside the commit's transaction, applied exactly once. */
  apply: (tx: Db, work: PreparedWork<P, O, D, X>) => Promise<R>;
  /** Flows that call a payment gateway (outside any transaction). */
  gateway?: PreparedGateway<P, C, O, G, X>;
  /**
   * The prepare's answer's data, from the stored operation and what the gateway answered;
   * `{ csrf }` without it.
   */
  prepared?: (operation: { id: number; csrf: string; expiresAt: Date }, gateway: G) => DataOf<P>;
  /**
   * A repeated commit returns the first result (stored with the operation). False for results
   * that hold secrets (a session): a repeated commit is then refused.
   */
  replayable?: boolean;
  /** Every commit answers no sooner than this, so its timing tells nothing. */
  minCommitMs?: number;
  /** The commit's body limit in bytes when it carries a file (the server's default otherwise). */
  commitBodyLimit?: number;
  /** How long the csrf is accepted (lib/prepared.ts's 10 minutes otherwise). */
  ttlMs?: number;
};

export type PreparedRoute<
  P extends RouteContract,
  C extends RouteContract,
  O = undefined,
  D = undefined,
  R = DataOf<C>,
  G = undefined,
  X = undefined,
> = PreparedRouteBase<P, C, O, D, R, G, X> & {
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
  commit: string | null,
): PreparedInput<P> {
  return {
    caller: contract.access === 'public' ? null : requireAuth(request),
    params: request.params,
    query: request.query,
    body,
    meta: requestMeta(request),
    now,
    commit,
    log: request.log,
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
  G = undefined,
  X = undefined,
>(app: FastifyInstance, deps: PreparedRouteDeps, spec: PreparedRoute<P, C, O, D, R, G, X>): void {
  const { db, clock } = deps;
  const load = (from: Db, input: PreparedInput<P>, lock: boolean): Promise<O> =>
    spec.load ? spec.load(from, input, lock) : Promise.resolve(undefined as O);
  const check = async (from: Db, object: O, input: PreparedInput<P>): Promise<D> =>
    spec.check ? spec.check(from, object, input) : (undefined as D);
  const userIdOf = (input: PreparedInput<P>) => input.caller?.userId ?? null;
  /** A csrf that names no operation of this kind and caller, or a pending one at replay. */
  const invalid = (): never => {
    throw spec.gateway?.mismatch?.() ?? preparedError('csrfInvalid');
  };
  const kindOf = (input: PreparedInput<P>) =>
    typeof spec.kind === 'string' ? spec.kind : spec.kind(input);

  const prepare = async (request: FastifyRequest) => {
    const input = inputOf<P>(spec.prepare, request, request.body, clock(), null);
    await spec.guard?.(input);
    const object = await load(db, input, false);
    await check(db, object, input);
    const gateway = spec.gateway?.prepare
      ? await spec.gateway.prepare(input, object)
      : (undefined as G);
    const payload = spec.payload(input, object, { gateway });
    const operation = await prepareOperationRecord(
      db,
      { kind: kindOf(input), userId: userIdOf(input), payload },
      input.now,
      { ttlMs: spec.ttlMs, subject: spec.gateway?.subject?.(gateway) },
    );
    return { data: spec.prepared ? spec.prepared(operation, gateway) : { csrf: operation.csrf } };
  };

  const commit = (route: C) => async (request: FastifyRequest) => {
    const { csrf, ...body } = request.body as { csrf: string };
    const input = inputOf<P>(spec.prepare, request, body, clock(), route.id);
    const object = await load(db, input, false);
    const key = {
      kind: kindOf(input),
      userId: userIdOf(input),
      payload: spec.payload(input, object, { sent: body as SentOf<C> }),
      csrf,
    };
    const replayable = spec.replayable ?? true;
    const again = spec.gateway?.repeat ?? false;
    let gateway = undefined as X;
    if (spec.gateway?.commit) {
      const operation = await findOperation(db, key, input.now);
      if (!operation) return invalid();
      if (operation.expired) throw preparedError('csrfExpired');
      if (operation.committed && !again) {
        // Committed before: the first result, without asking the gateway again.
        const first = await commitOperation(db, key, input.now, { replayable }, async () =>
          invalid(),
        );
        return { data: spec.respond ? await spec.respond(first, input) : first };
      }
      gateway = await spec.gateway.commit(input, object, body as SentOf<C>, operation);
    }
    const afterCommit: (() => Promise<void>)[] = [];
    const options = { replayable, again };
    const result = await commitOperation(db, key, input.now, options, async (tx) => {
      const locked = await load(tx, input, true);
      const decision = await check(tx, locked, input);
      return spec.apply(tx, {
        input,
        object: locked,
        decision,
        gateway,
        afterCommit: (send) => afterCommit.push(send),
      });
    });
    for (const send of afterCommit) await send();
    return { data: spec.respond ? await spec.respond(result, input) : result };
  };

  const timed = (handler: (request: FastifyRequest) => Promise<unknown>) =>
    async function timedCommit(request: FastifyRequest) {
      const started = Date.now();
      try {
        return await handler(request);
      } finally {
        const left = (spec.minCommitMs ?? 0) - (Date.now() - started);
        if (left > 0) await sleep(left);
      }
    };

  // The handlers take the request as the contracts' schemas validated it (routeFor sets them).
  app.route({ ...routeFor(spec.prepare), handler: prepare } as RouteOptions);
  const commits: readonly C[] = Array.isArray(spec.commit) ? spec.commit : [spec.commit as C];
  for (const route of commits)
    app.route({
      ...routeFor(route),
      ...(spec.commitBodyLimit ? { bodyLimit: spec.commitBodyLimit } : {}),
      handler: spec.minCommitMs ? timed(commit(route)) : commit(route),
    } as RouteOptions);
}

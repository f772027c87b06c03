import type { RouteContract } from '@outpost/contracts/route-contract';
import { errorOutput } from '@outpost/contracts/http';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** The inventory row this route was registered from; the auth hook reads it. */
    contract?: RouteContract;
  }
}

type SchemaFor<C extends RouteContract> = {
  summary: string;
  tags: string[];
  params: C['params'];
  querystring: C['querystring'];
  body: C['body'];
  headers: C['headers'];
  response: { 200: C['response']; '4xx': typeof errorOutput; '5xx': typeof errorOutput };
};

/**
 * Route options from an inventory row: method, path, every schema, and the contract itself
 * in the route config so that authentication and permission checks happen in one hook.
 * Modules add only the handler.
 */
export function routeFor<const C extends RouteContract>(contract: C) {
  const schema: Record<string, unknown> = {
    summary: contract.summary,
    // The admin API's operations under one tag ('/api/admin/v1/...'), the rest by their prefix.
    tags: [contract.access === 'admin' ? 'admin' : (contract.path.split('/')[3] ?? 'api')],
    // A non-JSON answer (a PDF) is sent as bytes; only its errors have a JSON schema.
    response: contract.produces
      ? { '4xx': errorOutput, '5xx': errorOutput }
      : { 200: contract.response, '4xx': errorOutput, '5xx': errorOutput },
  };
  if (contract.params) schema.params = contract.params;
  if (contract.querystring) schema.querystring = contract.querystring;
  if (contract.body) schema.body = contract.body;
  if (contract.consumes) schema.consumes = [contract.consumes];
  if (contract.accepted) (schema.response as Record<string, unknown>)['202'] = contract.response;
  if (contract.headers) schema.headers = contract.headers;
  return {
    method: contract.method,
    url: contract.path,
    config: { contract },
    schema: schema as SchemaFor<C>,
  };
}

/** Who sent a request, for audits and rate limits. */
export type RequestMeta = { ip: string; userAgent: string | undefined };

export function requestMeta(request: {
  ip: string;
  headers: Record<string, unknown>;
}): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined };
}

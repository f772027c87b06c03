import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAccess, RouteContract } from '@outpost/contracts/route-contract';

/** Where the docs live: the page at DOCS_PREFIX, the document at DOCS_PREFIX/json. */
export const DOCS_PREFIX = '/api/docs';
export const DOCS_JSON = `${DOCS_PREFIX}/json`;

/**
 * The API-key headers the auth hook reads (plugins/auth.ts), as OpenAPI security schemes, so a
 * generated client knows which header each route needs.
 */
export const SECURITY_SCHEMES = {
  userToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-User-Token',
    description:
      "A USER token from login (or refresh): a customer's session, short-lived. On the embedded usage routes also the usage-only token of one service.",
  },
  refreshToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Refresh-Token',
    description: 'The REFRESH token from login: exchanged for new tokens, or revokes its session.',
  },
  serviceKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Service-Key',
    description:
      "The provider's own systems (INTERNAL_API_KEY): usage ingestion, order status, ticket replies. Never a customer.",
  },
  staffToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Staff-Token',
    description:
      "A staff member's session from staff sign-in (decision 025): provider staff only, never a customer token.",
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      "An API key of the provider's own systems (decision 051), made by a staff admin and shown once: Authorization: Bearer opk_... Scoped (read, provisioning), expiring, revocable.",
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;
type SecurityRequirement = Partial<Record<SchemeName, string[]>>;

/** Each access level of the route inventory as the security of its operations. */
export const SECURITY_BY_ACCESS: Record<RouteAccess, SecurityRequirement[]> = {
  public: [],
  user: [{ userToken: [] }],
  usage: [{ userToken: [] }],
  refresh: [{ refreshToken: [] }],
  // Either token of the session (logout must work once the USER token has expired).
  session: [{ userToken: [] }, { refreshToken: [] }],
  internal: [{ serviceKey: [] }],
  staff: [{ staffToken: [] }],
  // The admin API: the console's staff session or an API key (decision 051).
  admin: [{ staffToken: [] }, { apiKey: [] }],
};

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '4XX': 'Refused: the error envelope, data.error the message to show (data.fields per field)',
  '5XX': 'Failed: the error envelope, data.error a message that tells nothing of the cause',
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown> };

/**
 * One route into the document: the zod schemas as JSON Schema (fastify-type-provider-zod), then
 * what the inventory row says: operationId (the row's id), summary, security from its access, and
 * the file a `produces` route answers with. Anything outside /api/ stays out.
 */
function documentRoute(input: TransformInput) {
  if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  const { schema, url } = jsonSchemaTransform(input) as { schema: RouteSchema; url: string };
  const contract = (input.route.config as { contract?: RouteContract } | undefined)?.contract;
  if (!contract || schema.hide) return { schema, url };
  const response = { ...schema.response };
  if (contract.produces) {
    response['200'] = {
      description: `The file (${contract.produces})`,
      content: { [contract.produces]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  return {
    schema: {
      ...schema,
      operationId: contract.id,
      summary: contract.summary,
      security: SECURITY_BY_ACCESS[contract.access],
      response,
    },
    url,
  };
}

type Json = unknown;

/**
 * zod writes a record over an enum of keys (`z.record(z.enum([...]), z.boolean())`) as an object
 * that requires those keys without naming them as properties; name them, with the record's value
 * schema, so a generated type has the keys.
 */
function nameRecordKeys(node: Json): void {
  if (Array.isArray(node)) {
    node.forEach(nameRecordKeys);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const object = node as Record<string, Json>;
  const { required, properties, additionalProperties } = object;
  if (
    Array.isArray(required) &&
    required.length > 0 &&
    properties === undefined &&
    typeof additionalProperties === 'object' &&
    additionalProperties !== null
  ) {
    object.properties = Object.fromEntries(
      required.map((key) => [String(key), additionalProperties]),
    );
  }
  Object.values(object).forEach(nameRecordKeys);
}

type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
};

function finishDocument({ openapiObject }: { openapiObject: Partial<OpenApiDocument> }) {
  nameRecordKeys(openapiObject.paths);
  for (const operations of Object.values(openapiObject.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const description = ERROR_DESCRIPTIONS[status] ?? (status === '200' ? 'OK' : undefined);
        if (description && answer.description === 'Default Response')
          answer.description = description;
      }
    }
  }
  return openapiObject;
}

export type ApiDocsOptions = {
  /** PUBLIC_URL: the document's one server. */
  publicUrl: string;
};

/**
 * The OpenAPI 3.0.3 document of every /api/ route (docs/decisions/028) and the human-readable
 * page over it (Swagger UI, served from our origin: no CDN, no inline script) at /api/docs, the
 * JSON at /api/docs/json. Register before the routes: @fastify/swagger collects them as they are
 * added.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance, opts: ApiDocsOptions) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Outpost portal API',
        version: '0.1.0',
        description:
          'The self-service portal API. Answers are `{ data: ... }`; errors `{ data: { error } }` with the message to show. Send the token a route needs in its header (see each operation).',
      },
      servers: [{ url: opts.publicUrl, description: 'This portal (PUBLIC_URL)' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: documentRoute,
    transformObject: finishDocument as never,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: false, // the security plugin gives the page its own policy
    validatorUrl: false, // no badge from validator.swagger.io
    uiConfig: { deepLinking: true, displayOperationId: true, tryItOutEnabled: false },
    theme: { title: 'Outpost portal API' },
  });
});

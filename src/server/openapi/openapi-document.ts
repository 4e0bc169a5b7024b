/**
 * The API's description (OpenAPI 3.1), served at GET /api/openapi.json and made from the router itself: every route
 * the app registers, the JSON body and query its validator checks as the JSON Schema of the shared zod schema it
 * follows (valid-input.ts, refusal.ts), whether it needs a bearer token (the admin guard's areas), and which API token
 * scopes reach it (shared/api-scopes.ts). Nothing is written by hand, so the description cannot drift from the code.
 */
import type { RouterRoute } from 'hono/types';
import { API_SCOPES, tokenAllows } from '../../shared/api-scopes.ts';
import { z } from '../../shared/schemas/zod.ts';
import { isAdminCall } from '../http/admin-guard.ts';
import { FILE_BODY_ROUTES, UPLOAD_ROUTES } from '../http/upload-form.ts';
import { describedInputOf } from '../http/valid-input.ts';

type JsonSchema = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A Hono path (`/admin/pages/:id`, `/media/:name{.+}`) as OpenAPI writes it, with its parameters' names. */
export function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, (_whole, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

/** The JSON Schema of a zod schema as a client sends it; {} (anything) where zod cannot say. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    delete json['$schema'];
    return json;
  } catch {
    return {};
  }
}

const operationId = (method: string, path: string) =>
  method +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

const ERROR_ANSWER = {
  description: 'Refused: `message` says why, `field` names the input at fault',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/** One operation of the description. */
function operationOf(method: string, path: string, handlers: readonly object[], prefix: string): JsonSchema {
  const { path: documented, params } = openApiPath(path);
  const upper = method.toUpperCase();
  const inputs = handlers.map((handler) => describedInputOf(handler)).filter((input) => input !== undefined);
  const parameters: JsonSchema[] = params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = inputs.find((input) => input.target === 'query')?.schema;
  if (query) {
    const json = inputJsonSchema(query);
    const properties = (json['properties'] ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json['required'] ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties))
      parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  const operation: JsonSchema = {
    operationId: operationId(method, documented),
    tags: [documented.split('/')[documented.startsWith('/admin/') ? 2 : 1] ?? 'api'],
    ...(parameters.length ? { parameters } : {}),
    responses: { '200': { description: 'Done' }, '4XX': ERROR_ANSWER },
  };
  const body = inputs.find((input) => input.target === 'json');
  const matches = (route: { method: string; path: RegExp }) =>
    route.method === upper && route.path.test(`${prefix}${path}`);
  const upload = UPLOAD_ROUTES.some(matches);
  const file = FILE_BODY_ROUTES.some(matches);
  if (body || upload || file) {
    operation['requestBody'] = {
      required: true,
      content: {
        ...(body ? { 'application/json': { schema: body.schema ? inputJsonSchema(body.schema) : {} } } : {}),
        ...(upload ? { 'multipart/form-data': { schema: { type: 'object' } } } : {}),
        ...(file ? { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } : {}),
      },
    };
  }
  if (isAdminCall(path, upper)) {
    operation['security'] = [{ bearer: [] }];
    operation['x-api-token-scopes'] = API_SCOPES.filter((scope) => tokenAllows([scope], path, upper));
  }
  return operation;
}

/** The whole description of the routes of the API mounted at `prefix`, served from `serverUrl`. */
export function openApiDocument(routes: readonly RouterRoute[], prefix: string, serverUrl: string): JsonSchema {
  const chains = new Map<string, { method: string; path: string; handlers: object[] }>();
  for (const route of routes) {
    const method = route.method.toLowerCase();
    if (!(METHODS as readonly string[]).includes(method)) continue;
    const key = `${method} ${route.path}`;
    const chain = chains.get(key) ?? { method, path: route.path, handlers: [] };
    chain.handlers.push(route.handler);
    chains.set(key, chain);
  }
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { method, path, handlers } of [...chains.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    const documented = `${prefix}${openApiPath(path).path}`;
    (paths[documented] ??= {})[method] = operationOf(method, path, handlers, prefix);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Company site API',
      version: '1',
      description:
        'Every route of this site’s API. Admin routes need a bearer token: a session’s (POST /api/auth/login) or an API token (cst_…) an admin made under Integrations, which reaches only the routes whose x-api-token-scopes list one of its scopes. Writes answer JSON; a refusal is { message, field }.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          properties: { message: { type: 'string' }, field: { type: 'string' } },
          required: ['message'],
        },
      },
    },
    paths,
  };
}

/**
 * What the API fuzz knows about the API, all learnt from the running app so that nothing goes stale:
 * the routes from the app's own route table (as admin-authorization.test.ts walks it), the upload routes from
 * UPLOAD_ROUTES, field names from the zod schemas in src/shared/schemas and from what the reads answer, real ids
 * and slugs from the reads, and per write route the fields its refusals ask for one after the other.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { App } from '../../src/server/app.ts';
import { UPLOAD_ROUTES } from '../../src/server/http/upload-form.ts';
import { apiRouteKeys } from './api-routes.ts';

export interface Route {
  method: string;
  /** The pattern as registered, '/api/admin/products/:id'. */
  path: string;
  /** 'METHOD /path', as admin-authorization.test.ts names routes. */
  key: string;
  /** The names of its path parameters, in order. */
  params: string[];
  /** Takes multipart/form-data (UPLOAD_ROUTES). */
  upload: boolean;
}

const PARAM = /:([A-Za-z_]+)(\{[^}]*\})?/g;

/** Fills a route pattern with already-encoded segments (a wildcard gets 'x'). */
export function fillPath(path: string, segments: readonly string[]): string {
  let i = 0;
  return path.replace(PARAM, () => segments[i++] ?? 'x').replace(/\*/g, 'x');
}

/** Every registered API route (api-routes.ts) with its parameters and whether it takes uploads. */
export function apiRoutes(app: App): Route[] {
  const keys = apiRouteKeys(app);
  return keys.map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    const params = [...path.matchAll(PARAM)].map(([, name]) => {
      if (name === undefined) throw new Error(`${path}: a parameter without a name`);
      return name;
    });
    const sample = fillPath(
      path,
      params.map(() => 'sample-id'),
    );
    return { method, path, key, params, upload: UPLOAD_ROUTES.some((r) => r.method === method && r.path.test(sample)) };
  });
}

interface ZodLike {
  _zod?: { def?: Record<string, unknown> };
}

/** The object keys of a zod 4 schema, walking wrappers, pipes, unions, arrays and records. */
function zodKeys(schema: unknown, into: Set<string>, seen = new Set<unknown>()): void {
  const def = (schema as ZodLike | null)?._zod?.def;
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  const shape = def['shape'] as Record<string, unknown> | undefined;
  if (def['type'] === 'object' && shape) {
    for (const [key, child] of Object.entries(shape)) {
      into.add(key);
      zodKeys(child, into, seen);
    }
  }
  for (const part of ['innerType', 'in', 'out', 'element', 'left', 'right', 'valueType', 'keyType'])
    zodKeys(def[part], into, seen);
  for (const option of (def['options'] as unknown[] | undefined) ?? []) zodKeys(option, into, seen);
}

/** Field names of every exported zod schema in src/shared/schemas (what the server validates input with). */
export async function schemaFieldNames(): Promise<Set<string>> {
  const dir = fileURLToPath(new URL('../../src/shared/schemas/', import.meta.url));
  const names = new Set<string>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const module = (await import(`${dir}${file}`)) as Record<string, unknown>;
    for (const value of Object.values(module)) zodKeys(value, names);
  }
  return names;
}

/** Names a request carries that the shared schemas do not list: auth bodies and query words of the server itself. */
export const EXTRA_FIELDS = [
  'username',
  'password',
  'email',
  'code',
  'token',
  'currentPassword',
  'newPassword',
  'first_name',
  'last_name',
  'role',
  'isAdmin',
  '_id',
  'id',
  'published',
  'k',
  'type',
  'limit',
  'offset',
  'page',
  'pageSize',
  'q',
  'status',
  'table',
  'from',
  'to',
  'start',
  'end',
  'error',
  'state',
];

export interface Harvest {
  /** Every key seen in an answer. */
  keys: Set<string>;
  /** Objects the reads answered, by the read's path ('/api/admin/products'): bases for writes to mutate. */
  objects: Map<string, Record<string, unknown>[]>;
  /** Real ids (`_id`, `id`) and slugs by the read's path. */
  ids: Map<string, string[]>;
  slugs: Map<string, string[]>;
}

function collect(value: unknown, path: string, harvest: Harvest, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 50)) collect(item, path, harvest, depth + 1);
    return;
  }
  const object = value as Record<string, unknown>;
  const add = (map: Map<string, string[]>, v: unknown) => {
    if (typeof v === 'string' && v) map.set(path, [...new Set([...(map.get(path) ?? []), v])]);
  };
  add(harvest.ids, object['_id']);
  add(harvest.ids, object['id']);
  add(harvest.slugs, object['slug']);
  if (depth <= 2 && !('results' in object))
    harvest.objects.set(path, [...(harvest.objects.get(path) ?? []), object].slice(0, 8));
  for (const [key, child] of Object.entries(object)) {
    harvest.keys.add(key);
    collect(child, path, harvest, depth + 1);
  }
}

/** Reads every parameterless GET route as `token` and keeps what the answers hold. */
export async function harvest(app: App, routes: readonly Route[], token: string): Promise<Harvest> {
  const found: Harvest = { keys: new Set(), objects: new Map(), ids: new Map(), slugs: new Map() };
  for (const route of routes.filter((r) => r.method === 'GET' && r.params.length === 0)) {
    const res = await app.request(route.path, { headers: { authorization: `Bearer ${token}` } });
    if (!(res.headers.get('content-type') ?? '').includes('json')) continue;
    collect(await res.json().catch(() => null), route.path, found);
  }
  return found;
}

/** The read whose path is the longest prefix of a route's path without its parameters ('/api/admin/products'). */
export function readFor(route: Route, harvest: Harvest): string | undefined {
  const bare = route.path.replace(/\/:[^/]+.*$/, '');
  return [...harvest.objects.keys(), ...harvest.ids.keys()]
    .filter((read) => bare === read || bare.startsWith(`${read}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * The fields a write route asks for: `{}` is sent as `token`, and while the refusal names a field not yet sent that
 * field is added (with a value a read answered for that name, else 'x'), up to `rounds` times. The body reached is a
 * skeleton the fuzz then spoils one field at a time. Run once, before the properties (it may create records).
 */
export async function probeFields(
  app: App,
  route: Route,
  url: string,
  token: string,
  samples: Map<string, unknown>,
  rounds = 8,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (let i = 0; i < rounds; i++) {
    const res = await app.request(url, {
      method: route.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 400) break;
    const answer = (await res.json().catch(() => ({}))) as { field?: unknown; message?: unknown };
    const named =
      typeof answer.field === 'string'
        ? answer.field
        : typeof answer.message === 'string'
          ? /^([A-Za-z_][\w]*)[.:[]/.exec(answer.message)?.[1]
          : undefined;
    const field = named?.split(/[.[]/)[0];
    if (!field || field in body) break;
    body[field] = samples.has(field) ? samples.get(field) : 'x';
  }
  return body;
}

/** One value per key, taken from the objects the reads answered: a plausible value to start a field from. */
export function sampleValues(harvest: Harvest): Map<string, unknown> {
  const samples = new Map<string, unknown>();
  for (const objects of harvest.objects.values()) {
    for (const object of objects)
      for (const [key, value] of Object.entries(object))
        if (!samples.has(key) && value !== null && value !== '') samples.set(key, value);
  }
  return samples;
}

/** The file field names an upload route takes: each candidate is sent alone, and kept unless refused as unexpected. */
export async function probeFileFields(
  app: App,
  route: Route,
  url: string,
  token: string,
  candidates: readonly string[],
): Promise<string[]> {
  const taken: string[] = [];
  for (const name of candidates) {
    const form = new FormData();
    form.append(
      name,
      new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46])], { type: 'application/octet-stream' }),
      'probe.bin',
    );
    const res = await app.request(url, {
      method: route.method,
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const answer = (await res.json().catch(() => ({}))) as { message?: unknown };
    if (!(typeof answer.message === 'string' && answer.message.startsWith('Unexpected file field'))) taken.push(name);
  }
  return taken;
}

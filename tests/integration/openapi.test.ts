/**
 * GET /api/openapi.json with the real app: an OpenAPI 3.1 description of every route the router has, made from the
 * routes' own validators (a body's JSON Schema is its shared zod schema's), admin routes marked as needing a bearer
 * token with the API token scopes that reach them, public routes without.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface Operation {
  operationId: string;
  security?: unknown[];
  'x-api-token-scopes'?: string[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

describe('the API description', () => {
  let app: TestApp;
  let doc: Document;

  beforeAll(async () => {
    app = await createTestApp();
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as Document;
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists every route of the router, once each, with unique operation ids', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const route of [
      'GET /api/openapi.json',
      'POST /api/auth/login',
      'GET /api/admin/pages',
      'PUT /api/admin/pages/{id}',
      'POST /api/admin/api-tokens',
      'PATCH /api/admin/orders/{id}/status',
      'GET /api/company',
    ])
      expect(documented).toContain(route);
    const ids = Object.values(doc.paths).flatMap((operations) => Object.values(operations).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes a body by the JSON Schema of the schema its route checks', () => {
    const create = doc.paths['/api/admin/api-tokens']?.['post'];
    const schema = create?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, { type?: unknown; items?: { enum?: string[] } }>;
      required: string[];
    };
    expect(Object.keys(schema.properties).sort()).toEqual(['expiresInDays', 'name', 'scopes']);
    expect(schema.properties['scopes']?.items?.enum).toContain('orders:read');
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'scopes', 'expiresInDays']));
    // An upload route takes a form.
    expect(doc.paths['/api/admin/photos/upload']?.['post']?.requestBody?.content).toHaveProperty('multipart/form-data');
    // A route whose body is one file takes it as it is.
    expect(doc.paths['/api/admin/imports']?.['post']?.requestBody?.content).toHaveProperty('application/octet-stream');
    // A query's fields are its parameters.
    const orders = doc.paths['/api/admin/orders']?.['get'];
    expect(orders?.parameters?.some((p) => p.in === 'query')).toBe(true);
    expect(doc.paths['/api/admin/pages/{id}']?.['put']?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('marks admin routes as needing a token, with the scopes that reach them, and public ones without', () => {
    const pages = doc.paths['/api/admin/pages'];
    expect(pages?.['get']?.security).toEqual([{ bearer: [] }]);
    expect(pages?.['get']?.['x-api-token-scopes']).toEqual(['content:read', 'content:write']);
    expect(pages?.['post']?.['x-api-token-scopes']).toEqual(['content:write']);
    expect(doc.paths['/api/admin/users']?.['get']?.['x-api-token-scopes']).toEqual([]);
    expect(doc.paths['/api/company']?.['get']?.security).toBeUndefined();
    expect(doc.paths['/api/company']?.['put']?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/login']?.['post']?.security).toBeUndefined();
    expect(doc.paths['/api/analytics/view']?.['post']?.security).toBeUndefined();
  });
});

/**
 * What the API fuzz (fuzz-api.test.ts) found, pinned down one case each. NUL (U+0000): PostgreSQL
 * cannot store it in text ("invalid byte sequence for encoding UTF8: 0x00"), so a path parameter, query value, JSON
 * field or form field holding one answered 500 there while SQLite stored it; now both refuse it with 400 before any
 * query runs (well-formed-text.ts, upload-form.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nulField, undecodableTarget } from '../../src/server/http/well-formed-text.ts';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

describe('NUL in text input', () => {
  it('is found in a JSON value or key, and in an address', () => {
    expect(nulField({ a: ['x', 'y\u0000z'] })).toBe('a.1');
    expect(nulField({ a: { 'k\u0000': 1 } })).toBe('a');
    expect(nulField({ a: 'caf\u00e9 \u{1f600}', b: '\ud800' })).toBeNull();
    expect(undecodableTarget('/api/orders/%00')).toBe('The address must not contain control characters');
    expect(undecodableTarget('/api/search?k=a%00b')).toBe('K must not contain control characters.');
    expect(undecodableTarget('/api/search?k=%00&x=%FF')).toBe('K must not contain control characters.');
    expect(undecodableTarget('/api/search?k=%FF%00')).toBe('K must be valid UTF-8 text.');
    expect(undecodableTarget('/api/search?k=a%2500b')).toBeNull();
  });

  describe('on the real app', () => {
    let t: TestApp;
    let admin: string;
    let customer: string;
    beforeAll(async () => {
      setAuthLogSink(() => undefined);
      t = await createTestApp({ seed: 'demo', env: { RATE_LIMITS: 'off' } });
      return () => t.close();
    });
    beforeAll(async () => {
      admin = await t.login('admin', TEST_ADMIN_PASSWORD);
      customer = await t.customerToken('nully');
    });
    afterAll(() => {
      setAuthLogSink(null);
    });

    const answer = async (res: Response) => ({
      status: res.status,
      body: (await res.json()) as { message?: string; field?: string },
    });

    it('answers 400, not 500, to a NUL in a path parameter or query value', async () => {
      const photo = (await t.db.selectFrom('photos').select('id').executeTakeFirstOrThrow()).id;
      for (const [method, path] of [
        ['GET', '/api/orders/%00'],
        ['GET', '/api/blogs/a%00b'],
        ['PATCH', '/api/admin/photos/nul%00inside'],
        ['GET', '/api/admin/users?q=%00'],
        ['GET', '/api/search?k=%00'],
      ] as const) {
        const init: RequestInit = {
          method,
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        };
        if (method !== 'GET') init.body = '{"title":"x"}';
        const res = await answer(await t.request(path, init));
        expect(res.status, path).toBe(400);
        expect(res.body.message, path).toEqual(expect.any(String));
      }
      // The photo the last id was made from is untouched, and a real id still works.
      const ok = await t.request(`/api/admin/photos/${photo}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(ok.status).toBeLessThan(500);
    });

    it('answers 400 naming the field to a NUL in a JSON field (even one only looked up, as a sign-in name), and stores nothing', async () => {
      const before = await t.db
        .selectFrom('users')
        .select(['first_name', 'updated_at'])
        .where('username', '=', 'nully')
        .executeTakeFirstOrThrow();
      const res = await answer(
        await t.request('/api/account/profile', {
          method: 'PATCH',
          headers: { authorization: `Bearer ${customer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ first_name: 'Nu\u0000ll' }),
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'First name must not contain control characters.', field: 'first_name' });
      expect(
        await t.db
          .selectFrom('users')
          .select(['first_name', 'updated_at'])
          .where('username', '=', 'nully')
          .executeTakeFirstOrThrow(),
      ).toEqual(before);
      const login = await answer(
        await t.request('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'nully\u0000', password: 'x' }),
        }),
      );
      expect(login).toEqual({
        status: 400,
        body: { message: 'Username must not contain control characters.', field: 'username' },
      });
    });

    it('answers 400 naming the field to a NUL in a form field or a file name, and stores no photo', async () => {
      const count = async () => (await t.db.selectFrom('photos').select('id').execute()).length;
      const before = await count();
      const textField = new FormData();
      textField.append('title', 'a\u0000b');
      const res = await answer(
        await t.request('/api/admin/photos/upload', {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}` },
          body: textField,
        }),
      );
      expect(res).toEqual({
        status: 400,
        body: { message: 'Title must not contain control characters.', field: 'title' },
      });
      const fileName = new FormData();
      fileName.append(
        'photo',
        new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
        'x.png\u0000.html',
      );
      const named = await answer(
        await t.request('/api/admin/photos/upload', {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}` },
          body: fileName,
        }),
      );
      expect(named.status).toBe(400);
      expect(named.body.field).toBe('photo');
      expect(await count()).toBe(before);
    });
  });
});

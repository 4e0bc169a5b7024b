/**
 * The team on About with the real app, database and DATA_DIR: the public list in order; the admin's
 * create, edit, delete and reorder with their guards and refusals; a portrait stored re-encoded and released when
 * replaced or deleted; each write audited and followed by a rebuild request.
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../src/server/media/media-store.ts';
import { TEAM_ORDER_MESSAGE, type TeamMember } from '../../src/shared/schemas/team.ts';
import { type ApiBody, type CallOptions, jsonClient } from '../helpers/json-client.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let customer: string;

type Body = ApiBody & { member?: TeamMember; results?: TeamMember[] };
interface Answer {
  status: number;
  body: Body;
}

const client = jsonClient((path, init) => t.request(path, init));
/** Status and body only: some answers are compared whole. */
async function call(method: string, path: string, options?: CallOptions): Promise<Answer> {
  const { status, body } = await client<Body>(method, path, options);
  return { status, body };
}
/** The member a write answered; the test fails when it answered none. */
function memberOf(answer: Answer): TeamMember {
  assert(answer.body.member, 'the answer has the member');
  return answer.body.member;
}

function form(fields: Record<string, string>, photo?: { bytes: Buffer; name: string; type: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (photo) data.append('photo', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return data;
}

const png = async () => ({
  bytes: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } })
    .png()
    .toBuffer(),
  name: 'ada.png',
  type: 'image/png',
});
const mediaFiles = async () => (await readdir(mediaDir(t.dataDir)).catch(() => [] as string[])).sort();
const filesOf = async (url: string) => {
  const stem = url.replace(/^\/media\//, '').replace(/\.webp$/, '');
  return (await mediaFiles()).filter((name) => name.startsWith(stem));
};
const publicTeam = async () => (await call('GET', '/api/team')).body.results ?? [];
const auditRows = () => t.db.selectFrom('audit_log').selectAll().orderBy('at').execute();

/** Waits for earlier rebuilds to settle, runs the write, and expects it to have asked for a rebuild. */
async function expectRebuild<T>(write: () => Promise<T>): Promise<T> {
  await t.deps.rebuilds.settled();
  const result = await write();
  expect(['scheduled', 'building']).toContain(t.deps.rebuilds.status().state);
  return result;
}

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});
beforeAll(async () => {
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  customer = await t.customerToken('tina');
});

describe('access', () => {
  const routes: [string, string, () => FormData | object | undefined][] = [
    ['GET', '/api/admin/team', () => undefined],
    ['POST', '/api/admin/team', () => form({ name: 'Nope' })],
    ['PUT', '/api/admin/team/some-id', () => form({ name: 'Nope' })],
    ['DELETE', '/api/admin/team/some-id', () => undefined],
    ['PUT', '/api/admin/team/order', () => ({ ids: [] })],
  ];
  it.each(routes)('%s %s: 401 without a token, 403 for a customer, and nothing changes', async (method, path, body) => {
    const b = body();
    expect((await call(method, path, b === undefined ? {} : { body: b })).status).toBe(401);
    const b2 = body();
    expect(await call(method, path, { token: customer, ...(b2 === undefined ? {} : { body: b2 }) })).toEqual({
      status: 403,
      body: { message: 'Admin access required' },
    });
    expect(await publicTeam()).toEqual([]);
  });

  it('the public list is open to everyone and empty at first', async () => {
    expect(await call('GET', '/api/team')).toEqual({ status: 200, body: { results: [] } });
  });
});

describe('writes', () => {
  let ada: TeamMember;
  let grace: TeamMember;
  let linus: TeamMember;

  it('creates a member with a portrait (multipart), stored re-encoded with its variants, audited, and asks for a rebuild', async () => {
    const created = await expectRebuild(async () =>
      call('POST', '/api/admin/team', {
        token: admin,
        body: form({ name: ' Ada Lovelace ', role: 'Founder', bio: 'Wrote the first program.' }, await png()),
      }),
    );
    expect(created.status).toBe(201);
    ada = memberOf(created);
    expect(ada).toMatchObject({ name: 'Ada Lovelace', role: 'Founder', bio: 'Wrote the first program.', order: 0 });
    expect(ada.photo).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect((await filesOf(ada.photo)).length).toBeGreaterThan(1);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'team.create',
      target_type: 'team',
      target_id: ada._id,
    });
  });

  it('creates members from JSON too, each at the end', async () => {
    grace = memberOf(
      await call('POST', '/api/admin/team', { token: admin, body: { name: 'Grace Hopper', role: 'Engineering' } }),
    );
    linus = memberOf(await call('POST', '/api/admin/team', { token: admin, body: { name: 'Linus', bio: 'Kernels.' } }));
    expect([grace.order, linus.order]).toEqual([1, 2]);
    expect(linus).toMatchObject({ role: '', photo: '' });
    expect((await publicTeam()).map((m) => m.name)).toEqual(['Ada Lovelace', 'Grace Hopper', 'Linus']);
  });

  const refusals: [string, object, string, string][] = [
    ['a missing name', { role: 'x' }, 'name', 'Name is required.'],
    ['a blank name', { name: '   ' }, 'name', 'Name is required.'],
    ['a name too long', { name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters.'],
    ['a bio too long', { name: 'Ok', bio: 'x'.repeat(601) }, 'bio', 'Bio must be at most 600 characters.'],
    ['a line break in the role', { name: 'Ok', role: 'a\nb' }, 'role', 'Role must not contain control characters.'],
  ];
  it.each(refusals)('refuses %s with a 400 naming the field, storing nothing', async (_what, body, field, message) => {
    const before = (await publicTeam()).length;
    expect(await call('POST', '/api/admin/team', { token: admin, body })).toEqual({
      status: 400,
      body: { message, field },
    });
    expect((await publicTeam()).length).toBe(before);
  });

  it('refuses a portrait that is not a picture (415) and stores no file', async () => {
    const files = await mediaFiles();
    const answer = await call('POST', '/api/admin/team', {
      token: admin,
      body: form({ name: 'Bad' }, { bytes: Buffer.from('<svg/>'), name: 'x.svg', type: 'image/svg+xml' }),
    });
    expect(answer.status).toBe(415);
    expect(answer.body.field).toBe('photo');
    expect(await mediaFiles()).toEqual(files);
  });

  it('refuses a portrait over 5 MiB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const answer = await call('POST', '/api/admin/team', {
      token: admin,
      body: form({ name: 'Big' }, { bytes: big, name: 'big.png', type: 'image/png' }),
    });
    expect(answer.status).toBe(413);
  });

  it('edits only the sent fields; a new portrait replaces the old, which is released', async () => {
    const old = ada.photo;
    const edited = await expectRebuild(async () =>
      call('PUT', `/api/admin/team/${ada._id}`, { token: admin, body: form({ role: 'Founder & CEO' }, await png()) }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.member).toMatchObject({
      name: 'Ada Lovelace',
      role: 'Founder & CEO',
      bio: 'Wrote the first program.',
    });
    const member = memberOf(edited);
    expect(member.photo).not.toBe(old);
    expect(await filesOf(old)).toEqual([]);
    ada = member;
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'team.update', target_id: ada._id });
  });

  it('removes a portrait on request and releases its files', async () => {
    const old = ada.photo;
    const { body } = await call('PUT', `/api/admin/team/${ada._id}`, { token: admin, body: { removePhoto: true } });
    expect(body.member?.photo).toBe('');
    expect(await filesOf(old)).toEqual([]);
  });

  it('answers 404 for an unknown member and 400 for a bad edit', async () => {
    expect((await call('PUT', '/api/admin/team/unknown-id', { token: admin, body: { name: 'X' } })).status).toBe(404);
    expect((await call('DELETE', '/api/admin/team/unknown-id', { token: admin })).status).toBe(404);
    expect(await call('PUT', `/api/admin/team/${ada._id}`, { token: admin, body: { name: '' } })).toEqual({
      status: 400,
      body: { message: 'Name is required.', field: 'name' },
    });
  });

  it('reorders when every member is named once, and refuses anything else', async () => {
    const { status, body } = await expectRebuild(() =>
      call('PUT', '/api/admin/team/order', { token: admin, body: { ids: [linus._id, ada._id, grace._id] } }),
    );
    expect(status).toBe(200);
    expect(body.results?.map((m) => [m.name, m.order])).toEqual([
      ['Linus', 0],
      ['Ada Lovelace', 1],
      ['Grace Hopper', 2],
    ]);
    expect((await publicTeam()).map((m) => m.name)).toEqual(['Linus', 'Ada Lovelace', 'Grace Hopper']);
    for (const ids of [[linus._id, ada._id], [linus._id, ada._id, ada._id], [linus._id, ada._id, 'other'], 'nope']) {
      expect(await call('PUT', '/api/admin/team/order', { token: admin, body: { ids } })).toEqual({
        status: 400,
        body: { message: TEAM_ORDER_MESSAGE, field: 'ids' },
      });
    }
  });

  it('deletes a member, audited, and the public list follows', async () => {
    const { status } = await expectRebuild(() => call('DELETE', `/api/admin/team/${linus._id}`, { token: admin }));
    expect(status).toBe(200);
    expect((await publicTeam()).map((m) => m.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'team.delete', target_id: linus._id });
  });

  it('the admin list is never cached', async () => {
    const res = await t.request('/api/admin/team', { headers: { authorization: `Bearer ${admin}` } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

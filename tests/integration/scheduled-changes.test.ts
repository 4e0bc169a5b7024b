/**
 * Scheduled publishing (server/modules/schedule): a change is set on the store's clocks by someone who may publish
 * its type, waits in the database, and is made at its time through the type's own publish write, as that person,
 * with one rebuild request; it is made once with two runners on two connections, a claim a dead process left is
 * made again, and bad input changes nothing. On SQLite and PostgreSQL.
 */
import { rmSync } from 'node:fs';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/connection.ts';
import { startScheduleRunner } from '../../src/server/modules/schedule/schedule-runner.ts';
import { runDueChanges } from '../../src/server/modules/schedule/schedule.service.ts';
import {
  SCHEDULE_NOT_WAITING,
  SCHEDULE_ITEM_GONE,
  SCHEDULE_NOT_ALLOWED,
  type ScheduledChange,
  type ScheduleList,
} from '../../src/shared/schemas/schedule.ts';
import { utcToZoned, zonedToUtc } from '../../src/shared/time-zone.ts';
import { startProductProcess, type ProductProcess } from '../helpers/product-process.ts';
import { callAs, staffToken } from '../helpers/staff.ts';
import { createTestApp, prepareTestData, TEST_ADMIN_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { dropTestDatabase } from '../helpers/test-database.ts';

const ZONE = 'Europe/Paris';
let t: TestApp;
const tokens = { admin: '', editor: '', author: '', shop: '', support: '' };

const call = (token: string, method: string, path: string, body?: unknown) => callAs(t, token, method, path, body);
const staff = (username: string, role: string) => staffToken(t, tokens.admin, username, role);
const userId = async (username: string) =>
  (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/** A draft post by the admin; answers its id. */
async function draft(title: string): Promise<string> {
  const made = await call(tokens.admin, 'POST', '/api/admin/blogs', { title, content: '<p>Soon.</p>' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body['blog'] as { _id: string })._id;
}

/** `minutes` from now on the store's clocks, as the form's datetime-local field gives it. */
const inMinutes = (minutes: number) => utcToZoned(new Date(Date.now() + minutes * 60_000).toISOString(), ZONE);

const rows = () => t.db.selectFrom('scheduled_changes').selectAll().orderBy('created_at').execute();
const published = async (id: string) =>
  Boolean(
    (await t.db.selectFrom('blogs').select('published').where('id', '=', id).executeTakeFirstOrThrow()).published,
  );
/** Makes a change due now, as if its time had come. */
const dueNow = (id: string) =>
  t.db
    .updateTable('scheduled_changes')
    .set({ run_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', id)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.editor = await staff('eddie', 'editor');
  tokens.author = await staff('aria', 'author');
  tokens.shop = await staff('sam', 'shop_manager');
  tokens.support = await staff('sue', 'support');
  await t.db.updateTable('store_settings').set({ time_zone: ZONE }).execute();
  return () => t.close();
});

describe('setting a change', () => {
  it('takes a time on the store’s clocks, lists it soonest first, and a new time for the same change replaces the old', async () => {
    const id = await draft('Spring notes');
    const at = inMinutes(90);
    const set = await call(tokens.editor, 'POST', '/api/admin/schedule', { type: 'blogs', id, action: 'publish', at });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const change = set.body['change'] as ScheduledChange;
    expect(change).toMatchObject({ type: 'blogs', itemId: id, itemTitle: 'Spring notes', action: 'publish' });
    expect(change.runAt).toBe(zonedToUtc(at, ZONE));
    expect(set.body['message']).toBe(
      `Blog post “Spring notes” will be published on ${at.slice(0, 10)} at ${at.slice(11, 16)} (Europe/Paris).`,
    );

    const later = inMinutes(180);
    expect(
      (await call(tokens.editor, 'POST', '/api/admin/schedule', { type: 'blogs', id, action: 'publish', at: later }))
        .status,
    ).toBe(201);
    const list = (await call(tokens.editor, 'GET', '/api/admin/schedule')).body as unknown as ScheduleList;
    expect(list.timeZone).toBe(ZONE);
    expect(list.upcoming.filter((c) => c.itemId === id).map((c) => c.runAt)).toEqual([zonedToUtc(later, ZONE)]);
    expect((await rows()).filter((r) => r.item_id === id).map((r) => r.status)).toEqual(['cancelled', 'pending']);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('action', '=', 'schedule.create')
      .execute();
    expect(audit.length).toBe(2);
    expect(await published(id)).toBe(false);
  });

  it('refuses bad input with the field and its reason, and stores nothing', async () => {
    const id = await draft('Refusals');
    const before = (await rows()).length;
    const refusals: [unknown, number, string, string][] = [
      [{}, 400, 'type', 'Type must be one of'],
      [{ type: 'widgets', id, action: 'publish', at: inMinutes(60) }, 400, 'type', 'Type must be one of'],
      [
        { type: 'blogs', id, action: 'archive', at: inMinutes(60) },
        400,
        'action',
        'Action must be publish or unpublish.',
      ],
      [{ type: 'blogs', id, action: 'publish', at: 'tomorrow' }, 400, 'at', 'Date and time must be a date and time'],
      [
        { type: 'blogs', id, action: 'publish', at: '2026-02-30T09:00' },
        400,
        'at',
        'Date and time must be a date and time',
      ],
      [{ type: 'blogs', id, action: 'publish', at: inMinutes(-5) }, 400, 'at', 'Date and time must be in the future.'],
      [{ type: 'blogs', id, action: 'publish', at: '2031-01-01T09:00' }, 400, 'at', 'Date and time must be within'],
      [{ type: 'blogs', id: 'no-such-post', action: 'publish', at: inMinutes(60) }, 404, 'id', 'Blog post not found'],
      [{ type: 'blogs', id: 'x'.repeat(101), action: 'publish', at: inMinutes(60) }, 400, 'id', 'Id must be at most'],
    ];
    for (const [body, status, field, message] of refusals) {
      const answer = await call(tokens.admin, 'POST', '/api/admin/schedule', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body['field'], JSON.stringify(answer.body)).toBe(field);
      expect(String(answer.body['message'])).toContain(message);
    }
    expect((await rows()).length).toBe(before);
  });

  it('keeps each type to the roles that may publish it', async () => {
    const post = await draft('Roles');
    const product = await call(tokens.shop, 'POST', '/api/admin/products', {
      name: 'Scheduled mug',
      price: '12.00',
      description: 'A mug.',
      category: 'Accessories',
      stock: 3,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const productId = (product.body['product'] as { _id: string })._id;
    const blogChange = { type: 'blogs', id: post, action: 'publish', at: inMinutes(60) };
    const productChange = { type: 'products', id: productId, action: 'publish', at: inMinutes(60) };

    for (const token of [tokens.author, tokens.shop, tokens.support])
      expect((await call(token, 'POST', '/api/admin/schedule', blogChange)).status).toBe(403);
    expect((await call(tokens.shop, 'POST', '/api/admin/schedule', blogChange)).body).toEqual({
      message: 'Your role does not give access to this',
    });
    for (const token of [tokens.editor, tokens.support])
      expect((await call(token, 'POST', '/api/admin/schedule', productChange)).status).toBe(403);
    const shopSet = await call(tokens.shop, 'POST', '/api/admin/schedule', productChange);
    expect(shopSet.status).toBe(201);
    const shopChangeId = (shopSet.body['change'] as ScheduledChange)._id;

    const listOf = async (token: string) =>
      ((await call(token, 'GET', '/api/admin/schedule')).body as unknown as ScheduleList).upcoming.map((c) => c.type);
    expect(new Set(await listOf(tokens.shop))).toEqual(new Set(['products']));
    expect(await listOf(tokens.editor)).not.toContain('products');
    // Roles that publish nothing do not reach scheduling at all, nor a type's items.
    for (const token of [tokens.author, tokens.support])
      expect((await call(token, 'GET', '/api/admin/schedule')).status).toBe(403);
    expect((await call(tokens.shop, 'GET', '/api/admin/schedule/items?type=blogs')).status).toBe(403);
    const items = await call(tokens.shop, 'GET', '/api/admin/schedule/items?type=products');
    expect(items.body['results']).toEqual([{ _id: productId, title: 'Scheduled mug', published: false }]);
    expect((await call(tokens.shop, 'GET', '/api/admin/schedule/items?type=widgets')).status).toBe(400);
    // Another part's change is not there to withdraw; a customer never reaches the route.
    expect((await call(tokens.editor, 'DELETE', `/api/admin/schedule/${shopChangeId}`)).status).toBe(404);
    expect((await call(await t.customerToken('cora'), 'GET', '/api/admin/schedule')).status).toBe(403);
    expect((await t.request('/api/admin/schedule')).status).toBe(401);
  });

  it('withdraws a waiting change once; a made one can no longer be withdrawn', async () => {
    const id = await draft('Withdrawn');
    const set = await call(tokens.editor, 'POST', '/api/admin/schedule', {
      type: 'blogs',
      id,
      action: 'publish',
      at: inMinutes(30),
    });
    const changeId = (set.body['change'] as ScheduledChange)._id;
    expect(await call(tokens.editor, 'DELETE', `/api/admin/schedule/${changeId}`)).toEqual({
      status: 200,
      body: { message: 'Scheduled change cancelled' },
    });
    expect(await call(tokens.editor, 'DELETE', `/api/admin/schedule/${changeId}`)).toEqual({
      status: 409,
      body: { message: SCHEDULE_NOT_WAITING },
    });
    expect((await call(tokens.editor, 'DELETE', '/api/admin/schedule/no-such-change')).status).toBe(404);
    await dueNow(changeId);
    await runDueChanges(t.db, t.dataDir);
    expect(await published(id)).toBe(false);
  });
});

describe('making changes at their time', () => {
  it('publishes through the type’s own write as the person who set it, and asks for one rebuild', async () => {
    const id = await draft('Made at nine');
    const set = await call(tokens.editor, 'POST', '/api/admin/schedule', {
      type: 'blogs',
      id,
      action: 'publish',
      at: inMinutes(60),
    });
    const changeId = (set.body['change'] as ScheduledChange)._id;
    const reasons: string[] = [];
    const runner = startScheduleRunner(
      { db: t.db, env: t.env, rebuilds: { request: (reason) => reasons.push(reason) } },
      { pollMs: 50 },
    );
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(await published(id)).toBe(false);
      await dueNow(changeId);
      await expect.poll(() => published(id), { timeout: 5000 }).toBe(true);
      await expect
        .poll(async () => (await rows()).find((r) => r.id === changeId)?.status, { timeout: 5000 })
        .toBe('done');
    } finally {
      await runner.stop();
    }
    expect(reasons).toEqual(['blogs changed']);
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'summary'])
      .where('action', '=', 'blog.update')
      .where('target_id', '=', id)
      .execute();
    expect(entry).toEqual([{ actor_id: await userId('eddie'), summary: 'Blog "Made at nine" published' }]);
    const list = (await call(tokens.editor, 'GET', '/api/admin/schedule')).body as unknown as ScheduleList;
    expect(list.recent.find((c) => c._id === changeId)).toMatchObject({ status: 'done', error: null });
    expect(list.upcoming.find((c) => c._id === changeId)).toBeUndefined();
  });

  it('makes each due change once with two runners on two connections at the same moment', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => draft(`Race ${i}`)));
    for (const id of ids)
      expect(
        (
          await call(tokens.editor, 'POST', '/api/admin/schedule', {
            type: 'blogs',
            id,
            action: 'publish',
            at: inMinutes(60),
          })
        ).status,
      ).toBe(201);
    const second = createDb({ dataDir: t.dataDir, databaseUrl: t.env.DATABASE_URL });
    try {
      await t.db
        .updateTable('scheduled_changes')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where('item_id', 'in', ids)
        .where('status', '=', 'pending')
        .execute();
      const reasons: string[] = [];
      const rebuilds = { request: (reason: string) => reasons.push(reason) };
      const runners = [t.db, second].map((db) => startScheduleRunner({ db, env: t.env, rebuilds }, { pollMs: 20 }));
      try {
        await expect
          .poll(async () => (await rows()).filter((r) => ids.includes(r.item_id) && r.status === 'done').length, {
            timeout: 10_000,
          })
          .toBe(ids.length);
      } finally {
        await Promise.all(runners.map((runner) => runner.stop()));
      }
      const made = await t.db
        .selectFrom('audit_log')
        .select('target_id')
        .where('action', '=', 'blog.update')
        .where('target_id', 'in', ids)
        .execute();
      expect(made.map((m) => m.target_id).sort()).toEqual([...ids].sort());
      for (const id of ids) expect(await published(id)).toBe(true);
    } finally {
      await second.destroy();
    }
  });

  it('makes again a change a dead process had claimed, and says why one could not be made', async () => {
    const claimed = await draft('Claimed then killed');
    const gone = await draft('Deleted before its time');
    const demoted = await draft('Set by someone demoted');
    const changeIds: Record<string, string> = {};
    for (const [name, id, token] of [
      ['claimed', claimed, tokens.editor],
      ['gone', gone, tokens.editor],
      ['demoted', demoted, tokens.admin],
    ] as const) {
      const set = await call(token, 'POST', '/api/admin/schedule', {
        type: 'blogs',
        id,
        action: 'publish',
        at: inMinutes(60),
      });
      changeIds[name] = (set.body['change'] as ScheduledChange)._id;
    }
    // A process claimed this one and died before making it.
    await t.db
      .updateTable('scheduled_changes')
      .set({ status: 'running', claimed_at: new Date().toISOString() })
      .where('id', '=', changeIds['claimed'] ?? '')
      .execute();
    expect((await call(tokens.admin, 'DELETE', `/api/admin/blogs/${gone}`)).status).toBe(200);
    // The admin who set the third is made an author, who may not publish.
    const other = await staff('olga', 'admin');
    expect((await call(other, 'PATCH', `/api/admin/users/${await userId('admin')}`, { role: 'author' })).status).toBe(
      200,
    );
    for (const id of Object.values(changeIds)) await dueNow(id);

    const changed = await runDueChanges(t.db, t.dataDir);
    expect([...changed]).toEqual(['blogs']);
    const status = async (name: string) => {
      const row = (await rows()).find((r) => r.id === changeIds[name]);
      assert(row, name);
      return { status: row.status, error: row.error };
    };
    expect(await status('claimed')).toEqual({ status: 'done', error: null });
    expect(await published(claimed)).toBe(true);
    expect(await status('gone')).toEqual({ status: 'failed', error: SCHEDULE_ITEM_GONE });
    expect(await status('demoted')).toEqual({ status: 'failed', error: SCHEDULE_NOT_ALLOWED });
    expect(await published(demoted)).toBe(false);
    // Nothing is made twice.
    expect((await runDueChanges(t.db, t.dataDir)).size).toBe(0);
  });
});

describe('a server killed before a change’s time', () => {
  it('makes the change once started again, its time past', async () => {
    const data = await prepareTestData();
    const children: ProductProcess[] = [];
    const start = async () => {
      const child = await startProductProcess(
        { DATA_DIR: data.dataDir, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
        60_000,
        'start-api.ts',
      );
      children.push(child);
      return child;
    };
    try {
      const first = await start();
      const send = async (method: string, path: string, body: unknown, token?: string) =>
        (await fetch(`${first.origin}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        }).then((res) => res.json())) as Record<string, unknown>;
      const { token } = (await send('POST', '/api/auth/login', {
        username: 'admin',
        password: TEST_ADMIN_PASSWORD,
      })) as {
        token: string;
      };
      const { blog } = (await send('POST', '/api/admin/blogs', { title: 'After the crash' }, token)) as {
        blog: { _id: string };
      };
      // Three seconds ahead on the store's clocks (UTC on a new site), to the second.
      const at = new Date(Date.now() + 3000).toISOString().slice(0, 19);
      const set = await send(
        'POST',
        '/api/admin/schedule',
        { type: 'blogs', id: blog._id, action: 'publish', at },
        token,
      );
      expect(set['change'], JSON.stringify(set)).toBeDefined();
      first.kill();
      await first.exited;

      const isPublished = async () =>
        Boolean(
          (await data.db.selectFrom('blogs').select('published').where('id', '=', blog._id).executeTakeFirstOrThrow())
            .published,
        );
      await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(`${at}Z`) + 500 - Date.now())));
      expect(await isPublished()).toBe(false);

      const second = await start();
      await expect.poll(isPublished, { timeout: 20_000 }).toBe(true);
      await second.waitFor(/"event":"schedule\.done"/, 5000);
      const made = await data.db.selectFrom('audit_log').select('id').where('action', '=', 'blog.update').execute();
      expect(made.length).toBe(1);
    } finally {
      for (const child of children) child.kill();
      await data.db.destroy();
      rmSync(data.dataDir, { recursive: true, force: true });
      await dropTestDatabase(data.databaseUrl);
    }
  }, 120_000);
});

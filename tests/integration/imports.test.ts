/**
 * Moving in with the real server and database (SQLite here, PostgreSQL on the node-postgres run): a Shopify products
 * CSV and a WordPress export kept in the tests are uploaded, planned (a dry run that writes nothing), given their
 * pictures as a .zip, and imported by the runner: products, posts, pages, comments, categories and authors made, the
 * pictures stored through the picture pipeline, every old address answered with a 301 to the new one. Running it
 * again creates nothing twice; a changed item is updated in place; an import a restart interrupted resumes without
 * doubling anything; bad input is refused with the field at fault and the admin's alone.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import redirectsFile from '../../src/integrations/redirects-file.ts';
import { runNextImport, startImportRunner, type ImportRunner } from '../../src/server/modules/imports/import-runner.ts';
import { readShopifyCsv } from '../../src/server/modules/imports/shopify/read-shopify-csv.ts';
import { readWxr } from '../../src/server/modules/imports/wordpress/read-wxr.ts';
import { picturesOf } from '../../src/server/modules/imports/import-plan.ts';
import type { ImportJob } from '../../src/shared/schemas/imports.ts';
import { insertCustomer, TEST_ADMIN_PASSWORD, TEST_CUSTOMER_PASSWORD } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/import');
const SHOPIFY_CSV = readFileSync(join(FIXTURES, 'shopify-products.csv'));
const WXR = readFileSync(join(FIXTURES, 'wordpress-export.xml'));

/** A .zip holding a small JPEG under each of `names` (distinct colours, so each is its own picture). */
async function pictureZip(names: readonly string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  let n = 0;
  for (const name of names) {
    n += 1;
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: 120 } },
    })
      .jpeg()
      .toBuffer();
    zip.addBuffer(jpeg, name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const fileName = (url: string) => decodeURIComponent(new URL(url, 'https://x.invalid').pathname.split('/').pop() ?? '');

describe('moving in from Shopify and WordPress', () => {
  let server: TestServer;
  let runner: ImportRunner;
  let admin: string;
  let customer: string;

  const call = (
    method: string,
    path: string,
    init: { body?: Buffer | string | undefined; type?: string; token?: string | null } = {},
  ) =>
    fetch(`${server.url}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: server.url,
        ...(init.token === null ? {} : { authorization: `Bearer ${init.token ?? admin}` }),
        ...(init.body === undefined ? {} : { 'content-type': init.type ?? 'application/octet-stream' }),
        'x-file-name': 'upload',
      },
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : new Uint8Array(init.body) }),
    });
  const json = async <T>(res: Response, status: number): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const upload = async (kind: string, body: Buffer) =>
    (await json<{ job: ImportJob }>(await call('POST', `/api/admin/imports?kind=${kind}`, { body }), 201)).job;
  const addPictures = async (id: string, zip: Buffer) =>
    (await json<{ job: ImportJob }>(await call('PUT', `/api/admin/imports/${id}/media`, { body: zip }), 200)).job;
  const runImport = async (id: string) => {
    await json(await call('POST', `/api/admin/imports/${id}/start`), 202);
    await runner.runOnce();
    return (await json<{ job: ImportJob }>(await call('GET', `/api/admin/imports/${id}`), 200)).job;
  };
  const count = async (table: 'products' | 'blogs' | 'pages' | 'blog_comments' | 'redirects' | 'categories') =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'import-site-'));
    writeFileSync(join(siteDir, '404.html'), '<!doctype html><title>Not found</title>');
    server = await startTestServer({ env: { RATE_LIMITS: 'off' }, siteDir });
    runner = startImportRunner(
      { db: server.db, dataDir: server.dataDir, rebuilds: { request: () => undefined } },
      { pollMs: null },
    );
    admin = (
      await json<{ token: string }>(
        await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { origin: server.url, 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
        }),
        200,
      )
    ).token;
    await insertCustomer(server.db, 'carol');
    customer = (
      await json<{ token: string }>(
        await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { origin: server.url, 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'carol', password: TEST_CUSTOMER_PASSWORD }),
        }),
        200,
      )
    ).token;
  });

  afterAll(async () => {
    await runner.stop();
    await server.stop(true);
  });

  describe('a Shopify catalogue', () => {
    const source = readShopifyCsv(SHOPIFY_CSV.toString('utf8'));
    const products = source.units.filter((u) => u.type === 'product');
    const pictures = [...new Set(products.flatMap(picturesOf).map((p) => fileName(p.url)))];
    // One picture the shop lost: its product comes in without it.
    const [lost, ...kept] = pictures;
    let job: ImportJob;

    it('plans without writing: every product to create, its old address to redirect, pictures once the archive comes', async () => {
      // The fixture is a real catalogue of a few dozen products.
      expect(products.length).toBeGreaterThanOrEqual(30);
      expect(pictures.length).toBeGreaterThanOrEqual(20);
      const before = await count('products');
      job = await upload('shopify', SHOPIFY_CSV);
      expect(job.status).toBe('planned');
      expect(job.total).toBe(source.units.length);
      expect(job.plan.counts.product).toEqual({ create: products.length, update: 0, skip: 0 });
      expect(job.plan.counts.redirect?.create).toBe(products.length);
      expect(job.plan.counts.image).toEqual({ create: 0, update: 0, skip: pictures.length });
      const redirect = job.plan.items.find((i) => i.type === 'redirect');
      expect(redirect?.from).toMatch(/^\/products\/[a-z0-9-]+$/);
      expect(redirect?.to).toMatch(/^\/shop\/[a-z0-9-]+\/$/);
      expect(job.plan.problems.length).toBeGreaterThan(0);
      expect(await count('products')).toBe(before);

      job = await addPictures(job.id, await pictureZip(kept));
      expect(job.plan.counts.image).toEqual({ create: kept.length, update: 0, skip: 1 });
      expect(job.plan.items.find((i) => i.type === 'image' && i.title === lost)?.reason).toBe(
        'Not in the pictures’ archive: the item is imported without it.',
      );
    });

    it('imports every product with its price, stock, pictures and type, and answers each old address with a 301', async () => {
      const before = await count('products');
      const done = await runImport(job.id);
      expect(done.status).toBe('done');
      expect(done.done).toBe(done.total);
      expect(done.report?.counts.failed ?? 0).toBe(0);
      expect(await count('products')).toBe(before + products.length);

      const first = products[0];
      assert(first?.type === 'product');
      const row = await server.db
        .selectFrom('products')
        .selectAll()
        .where('name', '=', first.name)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ price_cents: first.priceCents, stock: first.stock });
      expect(Boolean(row.published)).toBe(first.published);
      if (first.images.length > 0 && fileName(first.images[0]?.url ?? '') !== lost)
        expect(row.image).toMatch(/^\/media\//);
      if (first.category) expect(row.category.toLowerCase()).toBe(first.category.toLowerCase());
      const line = done.report?.items.find((i) => i.key === first.key);
      expect(line).toMatchObject({ outcome: 'created', url: `/shop/${row.slug}/` });

      const moved = await call('GET', `/products/${first.slug}`, { token: null });
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe(`/shop/${row.slug}/`);
      // An address no product had is still a 404.
      expect((await call('GET', '/products/never-sold-here', { token: null })).status).toBe(404);
      const listed = await json<{ results: { from: string; to: string }[] }>(await call('GET', '/api/redirects'), 200);
      expect(listed.results).toContainEqual({ from: `/products/${first.slug}`, to: `/shop/${row.slug}/` });

      const media = await server.db.selectFrom('media').select(['alt', 'kept']).where('kept', '=', true).execute();
      expect(media.length).toBeGreaterThanOrEqual(kept.length);
      expect(
        done.report?.items.filter((i) => i.type === 'image' && i.outcome === 'skipped').map((i) => i.title),
      ).toEqual([lost]);
    });

    it('creates nothing twice when the same file is imported again, and updates what changed in the source', async () => {
      const products0 = await count('products');
      const redirects0 = await count('redirects');
      const again = await upload('shopify', SHOPIFY_CSV);
      expect(again.plan.counts.product).toEqual({ create: 0, update: 0, skip: products.length });
      expect(again.plan.counts.redirect?.create ?? 0).toBe(0);
      const rerun = await runImport(again.id);
      expect(rerun.report?.counts.created ?? 0).toBe(0);
      expect(await count('products')).toBe(products0);
      expect(await count('redirects')).toBe(redirects0);

      // The same export with one price changed.
      const first = products[0];
      assert(first?.type === 'product');
      const csv = SHOPIFY_CSV.toString('utf8');
      const changedRows = csv
        .split('\n')
        .map((line) =>
          line.startsWith(`${first.slug},`)
            ? line.replace(/,(\d+\.\d\d),/, (_m, price: string) => `,${(Number(price) + 1).toFixed(2)},`)
            : line,
        );
      const changed = await upload('shopify', Buffer.from(changedRows.join('\n')));
      expect(changed.plan.counts.product).toEqual({ create: 0, update: 1, skip: products.length - 1 });
      const updated = await runImport(changed.id);
      expect(updated.report?.items.find((i) => i.key === first.key)?.outcome).toBe('updated');
      expect(await count('products')).toBe(products0);
    });
  });

  describe('a WordPress blog', () => {
    const source = readWxr(WXR.toString('utf8'));
    const posts = source.units.filter((u) => u.type === 'post');
    const pages = source.units.filter((u) => u.type === 'page');
    const comments = source.units.filter((u) => u.type === 'comment');
    const pictures = [...new Set(source.units.flatMap(picturesOf).map((p) => fileName(p.url)))];
    let job: ImportJob;

    it('imports posts, pages, comments, categories, tags and authors, with their pictures and permalinks', async () => {
      expect([posts.length >= 15, pages.length >= 4, comments.length >= 5, pictures.length >= 5]).toEqual([
        true,
        true,
        true,
        true,
      ]);
      const blogs0 = await count('blogs');
      job = await upload('wordpress', WXR);
      expect(job.plan.counts.post?.create).toBe(posts.length);
      expect(job.plan.counts.page?.create).toBe(pages.length);
      job = await addPictures(job.id, await pictureZip(pictures.map((name) => `uploads/2024/01/${name}`)));
      const done = await runImport(job.id);
      expect(done.status).toBe('done');
      expect(done.report?.counts.failed ?? 0).toBe(0);
      expect(await count('blogs')).toBe(blogs0 + posts.length);

      const withPicture = posts.find((p) => p.inlineImages.length > 0);
      assert(withPicture);
      const blog = await server.db
        .selectFrom('blogs')
        .selectAll()
        .where(
          'id',
          '=',
          (
            await server.db
              .selectFrom('import_sources')
              .select('target_id')
              .where('source_key', '=', withPicture.key)
              .executeTakeFirstOrThrow()
          ).target_id,
        )
        .executeTakeFirstOrThrow();
      expect(blog.content).toContain('src="/media/');
      expect(blog.content).not.toContain('wp-content/uploads');
      expect(blog.published).toBeTruthy();

      const authors = await server.db
        .selectFrom('users')
        .select(['role', 'disabled', 'password_hash'])
        .where('email', 'like', '%')
        .where('role', '=', 'author')
        .execute();
      expect(authors.length).toBeGreaterThan(0);
      for (const author of authors) expect([Boolean(author.disabled), author.password_hash]).toEqual([true, null]);
      expect(await count('blog_comments')).toBeGreaterThanOrEqual(comments.length);

      // A link between two old posts points at the new address; a link elsewhere is left alone.
      const linking = await server.db
        .selectFrom('blogs')
        .select('content')
        .where('slug', '=', 'hello-world-2')
        .executeTakeFirstOrThrow();
      const roastery = await server.db
        .selectFrom('blogs')
        .select('slug')
        .where('title', '=', 'Our new roastery is open')
        .executeTakeFirstOrThrow();
      expect(linking.content).toContain(`href="/blogs/${roastery.slug}/#visits"`);
      expect(linking.content).toContain('href="/blogs/hello-world/"');
      expect(linking.content).toContain('href="https://wordpress.org/"');
      expect(linking.content).not.toContain('blog.example.com');

      const permalink = withPicture.oldPaths[0];
      assert(permalink);
      const moved = await call('GET', permalink, { token: null });
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe(`/blogs/${blog.slug}/`);

      // The old archives lead to the blog as they listed it: by category (a child under its parent), tag or author.
      for (const [old, to] of [
        ['/category/coffee-guides/brewing/', '/blogs?category=Brewing'],
        ['/tag/cafe', '/blogs?q=Caf%C3%A9'],
        ['/author/mkeller/', '/blogs'],
      ] as const) {
        const archive = await call('GET', old, { token: null });
        expect([archive.status, archive.headers.get('location')]).toEqual([301, to]);
      }
      const finished = (await json<{ job: ImportJob }>(await call('GET', `/api/admin/imports/${job.id}`), 200)).job;
      expect(
        finished.report?.items.filter((i) => i.type === 'redirect' && i.title.startsWith('Category ')),
      ).toHaveLength(4);
    });

    it('creates nothing twice on a second run', async () => {
      const before = [
        await count('blogs'),
        await count('pages'),
        await count('blog_comments'),
        await count('categories'),
      ];
      const again = await upload('wordpress', WXR);
      expect(again.plan.counts.post).toEqual({ create: 0, update: 0, skip: posts.length });
      await runImport(again.id);
      expect([
        await count('blogs'),
        await count('pages'),
        await count('blog_comments'),
        await count('categories'),
      ]).toEqual(before);
    });
  });

  it('gives the site build the redirects, which it writes to dist/_redirects for a CDN', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'import-dist-'));
    const hook = redirectsFile().hooks['astro:build:done'];
    assert(hook);
    const logged: string[] = [];
    const before = process.env['BUILD_API_URL'];
    process.env['BUILD_API_URL'] = server.url;
    try {
      await hook({
        dir: pathToFileURL(`${dist}/`),
        logger: { info: (line: string) => logged.push(line) },
      } as unknown as Parameters<typeof hook>[0]);
    } finally {
      if (before === undefined) delete process.env['BUILD_API_URL'];
      else process.env['BUILD_API_URL'] = before;
    }
    const lines = readFileSync(join(dist, '_redirects'), 'utf8').trim().split('\n');
    expect(lines.length).toBe(await count('redirects'));
    const one = await server.db
      .selectFrom('redirects')
      .selectAll()
      .where('from_path', 'like', '/products/%')
      .executeTakeFirstOrThrow();
    expect(lines).toContain(`${one.from_path} ${one.to_path} 301`);
    for (const line of lines) expect(line).toMatch(/^\/\S* \/\S* 301$/);
    expect(logged).toEqual([`_redirects: ${lines.length} old addresses`]);
  });

  it('resumes an import a restart interrupted, without doubling anything', async () => {
    // The same catalogue under other handles, so these are new products.
    const handles = new Set(
      readShopifyCsv(SHOPIFY_CSV.toString('utf8')).units.flatMap((u) => (u.type === 'product' ? [u.slug] : [])),
    );
    const renamed = SHOPIFY_CSV.toString('utf8')
      .split('\n')
      .map((line) => {
        const handle = line.slice(0, line.indexOf(','));
        return handles.has(handle) ? `resumed-${line}` : line;
      })
      .join('\n');
    const total = readShopifyCsv(renamed).units.filter((u) => u.type === 'product').length;
    const before = await count('products');
    const job = await upload('shopify', Buffer.from(renamed));
    await json(await call('POST', `/api/admin/imports/${job.id}/start`), 202);
    // The process stops after a few units, as a restart would stop it.
    let units = 0;
    await runNextImport(
      { db: server.db, dataDir: server.dataDir, rebuilds: { request: () => undefined } },
      () => ++units > 8,
    );
    const halfway = await server.db
      .selectFrom('import_jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(halfway.status).toBe('running');
    expect(await count('products')).toBeLessThan(before + total);
    // Its lease runs out: the next runner takes the import over where it stopped.
    await server.db
      .updateTable('import_jobs')
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', job.id)
      .execute();
    await runner.runOnce();
    const done = (await json<{ job: ImportJob }>(await call('GET', `/api/admin/imports/${job.id}`), 200)).job;
    expect(done.status).toBe('done');
    expect(await count('products')).toBe(before + total);
  });

  it('refuses bad input with the field at fault, changes nothing, and is the admin’s alone', async () => {
    const refused = async (res: Response, status: number, field?: string) => {
      const body = await json<{ message: string; field?: string }>(res, status);
      if (field) expect(body.field).toBe(field);
      return body;
    };
    const jobs0 = (await server.db.selectFrom('import_jobs').select('id').execute()).length;
    await refused(await call('POST', '/api/admin/imports', { body: SHOPIFY_CSV }), 400, 'kind');
    await refused(await call('POST', '/api/admin/imports?kind=joomla', { body: SHOPIFY_CSV }), 400, 'kind');
    expect(
      (await refused(await call('POST', '/api/admin/imports?kind=wordpress', { body: SHOPIFY_CSV }), 400, 'file'))
        .message,
    ).toMatch(/not a WordPress export/);
    await refused(await call('POST', '/api/admin/imports?kind=shopify', { body: WXR }), 400, 'file');
    await refused(await call('POST', '/api/admin/imports?kind=shopify', { body: '{}', type: 'application/json' }), 415);
    expect((await server.db.selectFrom('import_jobs').select('id').execute()).length).toBe(jobs0);

    const job = await upload('shopify', SHOPIFY_CSV);
    await refused(
      await call('PUT', `/api/admin/imports/${job.id}/media`, { body: Buffer.from('not a zip') }),
      400,
      'media',
    );
    await json(await call('POST', `/api/admin/imports/${job.id}/start`), 202);
    await refused(await call('POST', `/api/admin/imports/${job.id}/start`), 409);
    await refused(await call('DELETE', `/api/admin/imports/${job.id}`), 409);
    await runner.runOnce();
    await refused(await call('GET', '/api/admin/imports/no-such-import'), 404);

    const planned = await upload('shopify', SHOPIFY_CSV);
    expect(await json(await call('DELETE', `/api/admin/imports/${planned.id}`), 200)).toEqual({
      message: 'The dry run and its files were discarded; nothing was imported.',
    });

    for (const [method, path] of [
      ['GET', '/api/admin/imports'],
      ['POST', '/api/admin/imports?kind=shopify'],
      ['GET', `/api/admin/imports/${job.id}`],
      ['POST', `/api/admin/imports/${job.id}/start`],
      ['DELETE', `/api/admin/imports/${job.id}`],
    ] as const) {
      const body = method === 'POST' && path.includes('kind') ? SHOPIFY_CSV : undefined;
      expect((await call(method, path, { body, token: customer })).status, `${method} ${path}`).toBe(403);
      expect((await call(method, path, { body, token: null })).status, `${method} ${path}`).toBe(401);
    }
  });
});

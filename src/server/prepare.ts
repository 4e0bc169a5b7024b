/**
 * Prepares DATA_DIR: migrations, then on an empty database demo content (SEED=demo) and the first admin, then the
 * publish checks over what the first build will publish.
 */
import type { Db } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureChangeNotification } from './db/change-notification.ts';
import { ensureSearchIndex } from './db/search-index.ts';
import { isDatabaseEmpty, seedDemo } from './seed/seed-demo.ts';
import { seedCacheDir } from './seed/seed-pictures.ts';
import type { Env } from './env.ts';
import { backfillPictureVariants, sweepOrphanMedia } from './media/media-store.ts';
import type { VariantQueue } from './media/variant-queue.ts';
import { sweepPendingMedia } from './media/pending-media.ts';
import { mediaStorageFor } from './media/storage/media-storage.ts';
import { sweepOrphanDocuments } from './modules/documents/documents.store.ts';
import { ensureFirstAdmin } from './modules/users/admin-bootstrap.ts';
import { runPublishChecks } from './modules/publish-checks/publish-checks.service.ts';

export interface PrepareOptions {
  /** Where the demo seed leaves uncached pictures' variants (npm start encodes them once the site is up). */
  variants?: VariantQueue | undefined;
}

export async function prepareData(
  db: Db,
  env: Env,
  log: (line: string) => void = console.log,
  options: PrepareOptions = {},
): Promise<void> {
  const applied = await migrateToLatest(db);
  if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
  await ensureSearchIndex(db);
  await ensureChangeNotification(db);
  // Registers the storage env names for DATA_DIR, so the sweeps, the backfill and the seed below write there.
  mediaStorageFor(env);
  const pending = await sweepPendingMedia(db, env.DATA_DIR);
  if (pending) log(`removed ${pending} stored file(s) whose record was never written`);
  const swept = await sweepOrphanMedia(db, env.DATA_DIR);
  if (swept) log(`removed ${swept} orphaned media file(s)`);
  const sweptDocuments = await sweepOrphanDocuments(db, env.DATA_DIR);
  if (sweptDocuments) log(`removed ${sweptDocuments} orphaned document file(s)`);
  const variants = await backfillPictureVariants(db, env.DATA_DIR);
  if (variants) log(`wrote ${variants} missing picture variant(s)`);
  if (env.SEED === 'demo' && (await isDatabaseEmpty(db))) {
    const started = Date.now();
    log('seeding demo content...');
    const seeded = await seedDemo(db, env.DATA_DIR, new Date(), {
      log,
      cacheDir: seedCacheDir(),
      variants: options.variants,
    });
    const later = seeded.deferredPictures
      ? `; the variants of ${seeded.deferredPictures} are encoded once the site is up`
      : '';
    log(
      `demo content seeded in ${Date.now() - started} ms (${seeded.pictures} pictures, ${seeded.cachedPictures} from the cache${later})`,
    );
  }
  const admin = await ensureFirstAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  if (admin.generatedPassword) {
    log(
      `first admin created: ${admin.email} with the generated password ${admin.generatedPassword} (shown once; change it at first sign-in)`,
    );
  } else if (admin.created) {
    log(`first admin created: ${admin.email}`);
  }
  // The first build reads what the checks let through, as every later one does (deps.ts).
  const checks = await runPublishChecks(db, { dataDir: env.DATA_DIR, siteUrl: env.SITE_URL });
  if (checks.held)
    log(`publish checks: ${checks.held} of ${checks.checked} items held back (see /admin/publish-checks)`);
}

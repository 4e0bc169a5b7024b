/**
 * The two stores of a deployment, built from the environment once (createDeps, prepareData): `media`, served by
 * GET /media/:name, and `documents`, served only as attachments by the documents route. Local: DATA_DIR/media and
 * DATA_DIR/documents, as before S3 existed. S3: <S3_PREFIX>media/ and <S3_PREFIX>documents/ in S3_BUCKET.
 */
import { join, resolve } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../../env.ts';
import { createLocalStore } from './local-store.ts';
import type { ObjectStore } from './object-store.ts';
import { createS3Store } from './s3-store.ts';

export interface MediaStorage {
  media: ObjectStore;
  /** Never servable under /media: a separate directory or key prefix. */
  documents: ObjectStore;
}

export type StorageEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'MEDIA_STORAGE'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
>;

/** Where local storage keeps media; with MEDIA_STORAGE=s3 nothing is written there. */
export function mediaDir(dataDir: string): string {
  return join(dataDir, 'media');
}

/** Where local storage keeps documents, apart from media so /media can never serve one. */
export function documentsDir(dataDir: string): string {
  return join(dataDir, 'documents');
}

/** The local layout under a DATA_DIR. */
export function localMediaStorage(dataDir: string): MediaStorage {
  return {
    media: createLocalStore(mediaDir(dataDir), { fileMode: 0o644 }),
    documents: createLocalStore(documentsDir(dataDir), { fileMode: 0o600 }),
  };
}

/** S3_PREFIX as keys begin: '' or ending in exactly one '/'. */
export function keyPrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

/** The stores the environment names (env.ts has checked that S3 is fully configured when chosen). */
export function createMediaStorage(env: StorageEnv): MediaStorage {
  if (env.MEDIA_STORAGE !== 's3') return localMediaStorage(env.DATA_DIR);
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error('MEDIA_STORAGE=s3 needs S3_BUCKET');
  const client = new S3Client({
    region: env.S3_REGION ?? 'us-east-1',
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
    // The SDK's default CRC checksums on every request are not understood by many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = keyPrefix(env.S3_PREFIX);
  return {
    media: createS3Store({ client, bucket, keyPrefix: `${prefix}media/` }),
    documents: createS3Store({ client, bucket, keyPrefix: `${prefix}documents/` }),
  };
}

/**
 * The storage of each DATA_DIR in this process. Services are handed DATA_DIR (their contexts carry `dataDir`), and
 * find the storage built for it here: mediaStorageFor(env) registers it, mediaStorageAt(dataDir) finds it.
 */
const byDataDir = new Map<string, { config: string; storage: MediaStorage }>();

const configOf = (env: StorageEnv) =>
  JSON.stringify([
    env.MEDIA_STORAGE,
    env.S3_BUCKET,
    env.S3_REGION,
    env.S3_ENDPOINT,
    env.S3_ACCESS_KEY_ID,
    env.S3_FORCE_PATH_STYLE,
    env.S3_PREFIX,
  ]);

/** The storage the environment names, built once per DATA_DIR and configuration (createDeps and prepareData share it). */
export function mediaStorageFor(env: StorageEnv): MediaStorage {
  const config = configOf(env);
  const key = resolve(env.DATA_DIR);
  const known = byDataDir.get(key);
  if (known?.config === config) return known.storage;
  const storage = createMediaStorage(env);
  byDataDir.set(key, { config, storage });
  return storage;
}

/** The storage registered for DATA_DIR, or its local files when none was (scripts and tests that write directly). */
export function mediaStorageAt(dataDir: string): MediaStorage {
  return byDataDir.get(resolve(dataDir))?.storage ?? localMediaStorage(dataDir);
}

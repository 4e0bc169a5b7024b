/**
 * A real S3-compatible server for tests: s3rver, from the npm registry, in the test process on a free
 * port with a temporary directory and one bucket. `env` is what points the API at it (MEDIA_STORAGE=s3 and S3_*).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials. */
const ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The environment of an API that stores media in this bucket (under `prefix` when one was given). */
  env: Record<string, string>;
  /** A client for looking into the bucket from a test. */
  client: S3Client;
  stop(): Promise<void>;
}

export async function startS3Server(options: { bucket?: string; prefix?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'site-media';
  const directory = mkdtempSync(join(tmpdir(), 's3-test-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    MEDIA_STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
    ...(options.prefix ? { S3_PREFIX: options.prefix } : {}),
  };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    bucket,
    env,
    client,
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

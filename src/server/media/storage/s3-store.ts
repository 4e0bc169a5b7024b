/**
 * An ObjectStore in an S3-compatible bucket, under `<prefix><namespace>/` (media/ or documents/), through the AWS
 * SDK's S3 client. A PUT is atomic on S3, so readers never see part of an object.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { checkObjectName, type ObjectInfo, type ObjectStore } from './object-store.ts';

export interface S3StoreOptions {
  client: S3Client;
  bucket: string;
  /** Key prefix of this store, ending in '/' (S3_PREFIX + 'media/'). */
  keyPrefix: string;
}

/** Whether the SDK error is S3's "no such object" (HeadObject answers a bare 404, GetObject NoSuchKey). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** The SDK's error, its message saying which bucket and key (a missing bucket or refused key is then clear at start-up). */
function described(error: unknown, bucket: string, key: string): unknown {
  if (error instanceof Error) error.message = `S3 s3://${bucket}/${key}: ${error.message}`;
  return error;
}

/** The object's total size from a ranged answer's Content-Range ('bytes 2-4/11'), else its Content-Length. */
function totalSize(contentRange: string | undefined, contentLength: number | undefined): number {
  const total = contentRange ? /\/(\d+)$/.exec(contentRange)?.[1] : undefined;
  return total ? Number(total) : (contentLength ?? 0);
}

export function createS3Store({ client, bucket, keyPrefix }: S3StoreOptions): ObjectStore {
  const keyOf = (name: string) => `${keyPrefix}${checkObjectName(name)}`;
  const info = (
    name: string,
    size: number | undefined,
    lastModified: Date | undefined,
    etag: string | undefined,
  ): ObjectInfo => ({
    name,
    size: size ?? 0,
    // Never seen from S3; if a server leaves it out, the object counts as new, so a sweep keeps it.
    lastModified: lastModified ?? new Date(),
    etag: etag ?? `"${name}"`,
  });

  return {
    kind: 's3',
    async put(name, bytes, contentType) {
      const key = keyOf(name);
      await client
        .send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
          }),
        )
        .catch((error: unknown) => {
          throw described(error, bucket, key);
        });
    },
    async get(name, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: keyOf(name),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!answer.Body) return undefined;
        return {
          info: info(name, totalSize(answer.ContentRange, answer.ContentLength), answer.LastModified, answer.ETag),
          body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw described(error, bucket, keyOf(name));
      }
    },
    async head(name) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        return info(name, answer.ContentLength, answer.LastModified, answer.ETag);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw described(error, bucket, keyOf(name));
      }
    },
    async delete(name) {
      const key = keyOf(name);
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch((error: unknown) => {
        throw described(error, bucket, key);
      });
    },
    async list() {
      const found: ObjectInfo[] = [];
      let token: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix, ContinuationToken: token }))
          .catch((error: unknown) => {
            throw described(error, bucket, keyPrefix);
          });
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(keyPrefix.length);
          // Keys deeper down ('media/x/y') are not this store's: it only ever writes flat names.
          if (!name || name.includes('/')) continue;
          found.push(info(name, object.Size, object.LastModified, object.ETag));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
  };
}

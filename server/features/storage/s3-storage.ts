import crypto from 'node:crypto';
import type { S3Settings } from '../../config';
import { randomToken } from '../../lib/ids';
import {
  OWNED_PHOTO_PATH,
  PHOTOS_URL_PREFIX,
  type Storage,
  type StoredExt,
  storedName,
  UPLOADS_URL_PREFIX,
} from './storage';

const CONTENT_TYPES: Record<StoredExt, string> = { png: 'image/png', jpg: 'image/jpeg' };
const PHOTOS_PREFIX = PHOTOS_URL_PREFIX.slice(UPLOADS_URL_PREFIX.length);

type Sdk = typeof import('@aws-sdk/client-s3');

const missing = (sdk: Sdk, err: unknown) =>
  err instanceof sdk.S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey');

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, R2…), for several app processes that
 * share no disk. The same names as on disk, as object keys: `/uploads/{name}` is the key `{name}`, so a
 * DATA_DIR/uploads folder copied into the bucket keeps working. The bucket stays private: the app
 * serves the objects at the same URLs with the same headers (server/http/uploads.ts). The AWS SDK is
 * loaded on first use, so a server that keeps its files on disk never loads it (bench B8).
 */
export function createS3Storage(s3: S3Settings): Storage {
  const bucket = s3.bucket;
  let loading: Promise<{ sdk: Sdk; client: InstanceType<Sdk['S3Client']> }> | undefined;
  const ready = () => {
    loading ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: s3Client(sdk, s3) }));
    return loading;
  };
  const putObject = async (key: string, bytes: Buffer, ext: StoredExt) => {
    const { sdk, client } = await ready();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: CONTENT_TYPES[ext] }),
    );
  };
  return {
    async put(bytes: Buffer, ext: StoredExt) {
      const name = `${crypto.createHash('sha256').update(bytes).digest('hex')}.${ext}`;
      await putObject(name, bytes, ext);
      return `${UPLOADS_URL_PREFIX}${name}`;
    },

    async putOwned(bytes: Buffer, ext: StoredExt, ownerId: string) {
      const url = `${PHOTOS_URL_PREFIX}${ownerId}-${randomToken()}.${ext}`;
      if (!OWNED_PHOTO_PATH.test(url)) throw new Error('putOwned: the owner id must be a UUID');
      await putObject(url.slice(UPLOADS_URL_PREFIX.length), bytes, ext);
      return url;
    },

    async remove(url: string) {
      const key = storedName(url);
      if (key === undefined) return false;
      const { sdk, client } = await ready();
      // S3 answers a delete of a missing key as a success: the HEAD says whether there was one
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
      } catch (err) {
        if (missing(sdk, err)) return false;
        throw err;
      }
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    },

    async get(url: string) {
      const key = storedName(url);
      if (key === undefined) return undefined;
      const { sdk, client } = await ready();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (missing(sdk, err)) return undefined;
        throw err;
      }
    },

    async *listPhotos() {
      const { sdk, client } = await ready();
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: PHOTOS_PREFIX, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) {
          if (o.Key) yield { url: `${UPLOADS_URL_PREFIX}${o.Key}`, modifiedMs: o.LastModified?.getTime() ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

function s3Client(sdk: Sdk, s3: S3Settings) {
  return new sdk.S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.credentials,
    // S3-compatible servers other than AWS often refuse the newer default checksum headers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

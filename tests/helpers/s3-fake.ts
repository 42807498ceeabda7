import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '#server/config';

/** s3rver's fixed credentials: it checks every request's signature against them. */
const KEY = 'S3RVER';

/**
 * An S3-compatible server on loopback (s3rver, files in a temp dir) with one empty bucket, for the S3
 * storage adapter's tests. `env` is what an app process needs to use it; `settings` the same, parsed.
 */
export async function startS3Fake(bucket = 'roomlist-test') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    bucket,
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    /** The object keys in the bucket, sorted (read from s3rver's folder: the adapter is what is tested). */
    keys: () => listKeys(path.join(dir, bucket)),
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// s3rver keeps each object as `{key}._S3rver_object` (with `_S3rver_metadata.json` beside it)
function listKeys(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('._S3rver_object'))
    .map((f) => f.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
    .sort();
}

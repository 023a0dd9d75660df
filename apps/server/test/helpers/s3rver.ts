import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config';

export interface TestS3 {
  config: S3Config;
  /** BLOB_STORE=s3 environment for buildTestApp / loadConfig. */
  env: Record<string, string>;
  /** A client of its own, for looking into the bucket. */
  client: S3Client;
  /** Every key in the bucket (temporary keys included). */
  listKeys(): Promise<string[]>;
  /** Takes the S3 API down (connections refused); the bucket's data stays. */
  stop(): Promise<void>;
  /** Brings it back on the same port with the same data. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3 API in this process (s3rver on a free port, data in a temporary folder) with one
 * bucket. It needs path-style requests and the S3RVER/S3RVER credentials.
 */
export async function startS3(bucket = 'flowline-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-s3rver-'));
  const serve = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
  let server: S3rver | null = serve(0);
  const { port } = await server.run();
  const config: S3Config = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint!,
    forcePathStyle: true,
    credentials: config.credentials!,
  });
  return {
    config,
    env: {
      BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ENDPOINT: config.endpoint!,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    client,
    async listKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      if (server) return;
      server = serve(port);
      await server.run();
    },
    async close() {
      client.destroy();
      await server?.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A real S3 API server for tests: `moto_server` on a free port of 127.0.0.1, started and stopped
 * by the suite that needs it, with a fresh bucket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../src/storage/config';

export interface Moto {
  config: S3StorageConfig;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`moto_server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('moto_server did not start');
}

export async function startMoto(): Promise<Moto> {
  const port = await freePort();
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: 'ignore',
  });
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntilUp(endpoint, child);
  const config: S3StorageConfig = {
    kind: 's3',
    bucket: `canopy-${randomUUID().slice(0, 8)}`,
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    forcePathStyle: true,
  };
  const client = new S3Client({ ...config });
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  client.destroy();
  return {
    config,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

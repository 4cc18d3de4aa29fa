/**
 * Storage in an S3-compatible object store. A put streams through the byte cap into a multipart
 * upload (lib-storage): S3 shows an object only once its upload completes, and a refused or
 * failed upload is aborted, so readers never see half a file and nothing is left behind.
 */
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Uploads from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from './config';
import { limited } from './streams';
import {
  checkKey,
  StorageLimitError,
  type ByteRange,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';

/** Parts of 5 MB (S3's least), two at a time: an upload holds about 15 MB in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** The AWS SDK (3 to 5 MB resident), loaded when an S3 store is first used, not at start. */
let sdkLoad: Promise<[typeof S3Sdk, typeof S3Uploads]> | undefined;
const loadSdk = () =>
  (sdkLoad ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]));

function isMissing(error: unknown): boolean {
  const failed = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return (
    failed?.$metadata !== undefined &&
    (failed.name === 'NoSuchKey' ||
      failed.name === 'NotFound' ||
      failed.$metadata.httpStatusCode === 404)
  );
}

export class S3Storage implements Storage {
  private clientLoad: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined;
  private readonly bucket: string;

  constructor(private readonly config: S3StorageConfig) {
    this.bucket = config.bucket;
  }

  /** The client and the SDK's commands, made on first use. */
  private s3(): Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }> {
    return (this.clientLoad ??= loadSdk().then(([sdk]) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.config.region,
        endpoint: this.config.endpoint,
        forcePathStyle: this.config.forcePathStyle,
        ...(this.config.credentials && { credentials: this.config.credentials }),
      }),
    })));
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<StoredObject> {
    checkKey(key);
    const { maxBytes } = options;
    if (Buffer.isBuffer(body) && maxBytes !== undefined && body.length > maxBytes) {
      throw new StorageLimitError(maxBytes);
    }
    const [{ client }, [, { Upload }]] = await Promise.all([this.s3(), loadSdk()]);
    const upload = new Upload({
      client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: Buffer.isBuffer(body) ? body : limited(body, maxBytes),
        ContentType: options.contentType,
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // Drain what the client is still sending, so the refusal can be answered.
      if (!Buffer.isBuffer(body) && !body.readableEnded) body.resume();
      throw error;
    }
    return (await this.stat(key))!;
  }

  async get(key: string, range?: ByteRange) {
    checkKey(key);
    try {
      const { client, sdk } = await this.s3();
      const reply = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range && { Range: `bytes=${range.start}-${range.end ?? ''}` }),
        }),
      );
      const size = reply.ContentRange
        ? Number(reply.ContentRange.split('/')[1])
        : Number(reply.ContentLength ?? 0);
      const object: StoredObject = {
        key,
        size,
        etag: reply.ETag ?? '""',
        modified: reply.LastModified ?? new Date(0),
        ...(reply.ContentType && { contentType: reply.ContentType }),
      };
      return { object, body: reply.Body as Readable };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    checkKey(key);
    try {
      const { client, sdk } = await this.s3();
      const reply = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: Number(reply.ContentLength ?? 0),
        etag: reply.ETag ?? '""',
        modified: reply.LastModified ?? new Date(0),
        ...(reply.ContentType && { contentType: reply.ContentType }),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    const { client, sdk } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    const { client, sdk } = await this.s3();
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      batch = [];
    };
    for await (const object of this.list(`${prefix}/`)) {
      batch.push(object.key);
      if (batch.length === 1000) await flush();
    }
    await flush();
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const { client, sdk } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
        }),
      );
      for (const entry of page.Contents ?? []) {
        yield {
          key: entry.Key!,
          size: Number(entry.Size ?? 0),
          etag: entry.ETag ?? '""',
          modified: entry.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async move(from: string, to: string): Promise<void> {
    await this.copy(from, to);
    await this.delete(from);
  }

  async copy(from: string, to: string): Promise<void> {
    checkKey(from);
    checkKey(to);
    const { client, sdk } = await this.s3();
    await client.send(
      new sdk.CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  async close(): Promise<void> {
    if (this.clientLoad) (await this.clientLoad).client.destroy();
  }
}

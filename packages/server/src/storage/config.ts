/** Which store holds media files and static builds, read from the environment. */

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** An S3-compatible endpoint (MinIO, moto, R2...); AWS itself when unset. */
  endpoint: string | undefined;
  region: string;
  /** Credentials; unset means the AWS SDK's own chain (AWS_ACCESS_KEY_ID, profiles, roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Addresses buckets as endpoint/bucket instead of bucket.endpoint (MinIO, moto). */
  forcePathStyle: boolean;
}

export type StorageConfig = { kind: 'disk' } | S3StorageConfig;

export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const kind = env.CANOPY_STORAGE ?? 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new Error(`CANOPY_STORAGE must be "disk" or "s3", got "${kind}"`);
  const bucket = env.CANOPY_S3_BUCKET;
  if (!bucket) throw new Error('CANOPY_STORAGE=s3 needs CANOPY_S3_BUCKET');
  const accessKeyId = env.CANOPY_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.CANOPY_S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('Set both CANOPY_S3_ACCESS_KEY_ID and CANOPY_S3_SECRET_ACCESS_KEY, or neither');
  }
  return {
    kind,
    bucket,
    endpoint: env.CANOPY_S3_ENDPOINT || undefined,
    region: env.CANOPY_S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: env.CANOPY_S3_FORCE_PATH_STYLE === 'true',
  };
}

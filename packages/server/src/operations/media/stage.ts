/**
 * Receiving one file: the §5 rules on its name first, then its bytes streamed to a staging key
 * through the type check and the 100,000,000-byte cap. A refused file leaves nothing stored.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  MAX_MEDIA_FILE_SIZE,
  checkUploadFile,
  extensionOf,
  uploadTooLargeMessage,
} from '@canopy/core';
import { AppError, fail } from '../../errors';
import { StorageLimitError, type Storage } from '../../storage/index';
import { STAGING_PREFIX, contentTypeOf } from './files';
import { readChecked, sniffed } from './inspect';

export interface Staged {
  key: string;
  /** The uploader's file name (for the item name and messages only; never a storage key). */
  name: string;
  extension: string;
  size: number;
}

export interface StageOptions {
  contentType: string;
  /** The extension of the file being replaced, when there is one (§5 replace rule). */
  replacing?: string | null;
  /** Text formats read whole and checked or cleaned before they are stored (SVG, playlists). */
  textFilter?: (bytes: Buffer, name: string, extension: string) => Buffer;
}

function refuse(messages: string[]): never {
  fail('VALIDATION_FAILED', messages.join('; '), { errors: messages });
}

function isTooLarge(error: unknown): boolean {
  return (
    error instanceof StorageLimitError ||
    (error as { statusCode?: number } | null)?.statusCode === 413
  );
}

export async function stageFile(
  storage: Storage,
  file: { name: string; stream: Readable },
  options: StageOptions,
): Promise<Staged> {
  const errors = checkUploadFile(
    { name: file.name, size: 0 },
    { contentType: options.contentType, replacing: options.replacing ?? null },
  );
  if (errors.length > 0) {
    file.stream.resume();
    refuse(errors);
  }
  const extension = extensionOf(file.name)!;
  const key = `${STAGING_PREFIX}/${randomUUID()}.${extension}`;
  const contentType = contentTypeOf(extension);
  try {
    const filtered = options.textFilter
      ? options.textFilter(
          await readChecked(file.stream, file.name, extension),
          file.name,
          extension,
        )
      : undefined;
    const stored = filtered
      ? await storage.put(key, filtered, { contentType, maxBytes: MAX_MEDIA_FILE_SIZE })
      : await storage.put(key, sniffed(file.stream, file.name, extension), {
          contentType,
          maxBytes: MAX_MEDIA_FILE_SIZE,
        });
    return { key, name: file.name, extension, size: stored.size };
  } catch (error) {
    file.stream.resume();
    await storage.delete(key).catch(() => undefined);
    if (isTooLarge(error)) {
      const message = uploadTooLargeMessage(file.name, MAX_MEDIA_FILE_SIZE);
      throw new AppError('PAYLOAD_TOO_LARGE', message, { errors: [message] });
    }
    throw error;
  }
}

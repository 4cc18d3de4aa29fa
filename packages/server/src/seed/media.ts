/**
 * The demo media library: small real files of each kind (PNG, JPEG and SVG images, an MP4, an
 * HLS stream of two variants with a poster, a PDF and a Word document; under 400 KB together),
 * created and uploaded through the same operations an editor's calls use.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MEDIA_LIBRARY_ROOT_ID, type Content } from '@canopy/core';
import { SYSTEM_ACTOR } from '../auth/actor';
import type { Db } from '../db/index';
import type { Storage } from '../storage/index';
import { createContent } from '../operations/contents/create-content';
import { uploadMedia } from '../operations/media/upload-media';
import { createCollectionFolder } from '../operations/media/create-collection-folder';
import { uploadCollectionFiles } from '../operations/media/upload-collection-files';
import type { MediaContext, UploadPart } from '../operations/media/target';
import { DEMO_TEMPLATE_IDS as T, IMAGE_BLOCK_IDS } from './templates-ids';

/** Beside this file in the sources; `../src/seed` from the bundle `npm start` runs (dist/). */
export const MEDIA_FILES_DIR = [
  join(import.meta.dirname, 'media-files'),
  join(import.meta.dirname, '../src/seed/media-files'),
].find((dir) => existsSync(dir))!;

/** Addresses of the demo media that the demo pages use. */
export interface DemoMedia {
  photo: string;
  chart: string;
  logo: string;
}

async function* onePart(fileName: string, bytes: Buffer): AsyncIterable<UploadPart> {
  yield { kind: 'file', field: 'media', name: fileName, stream: Readable.from([bytes]) };
}

export async function seedDemoMedia(db: Db, storage: Storage): Promise<DemoMedia> {
  const ctx: MediaContext = { db, storage, actor: SYSTEM_ACTOR };
  const read = (name: string) => readFileSync(join(MEDIA_FILES_DIR, name));
  const add = async (templateId: string, name: string) =>
    (
      await createContent(ctx, {
        parent_id: MEDIA_LIBRARY_ROOT_ID,
        template_id: templateId,
        content_name: name,
      })
    ).content_id;
  const upload = async (templateId: string, name: string, file: string) => {
    const id = await add(templateId, name);
    return uploadMedia(ctx, id, onePart(file, read(file)));
  };

  const photo = await upload(T.image, 'Office photo', 'photo.jpg');
  const chart = await upload(T.image, 'Growth chart', 'chart.png');
  const logo = await upload(T.image, 'Canopy logo', 'logo.svg');
  await upload(T.video, 'Product clip', 'clip.mp4');
  await upload(T.document, 'Annual report', 'report.pdf');
  await upload(T.document, 'Brochure', 'brochure.docx');

  const stream = await add(T.multiStreamVideo, 'Welcome video');
  await createCollectionFolder(ctx, stream);
  for (const file of readdirSync(join(MEDIA_FILES_DIR, 'stream')).sort()) {
    await uploadCollectionFiles(ctx, stream, onePart(file, read(join('stream', file))));
  }
  await db
    .updateTable('content_items')
    .set({ locked_by: null })
    .where('parent_id', '=', MEDIA_LIBRARY_ROOT_ID)
    .execute();
  const address = (content: Content) => content.content_fields[IMAGE_BLOCK_IDS.image]!.field_value!;
  return { photo: address(photo), chart: address(chart), logo: address(logo) };
}

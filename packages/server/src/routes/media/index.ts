/** Media uploads (§7 Media): one file per item, or a folder of files for multi-stream video. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { STREAM_BUFFER } from '../../storage/index';
import { MAX_MEDIA_FILE_SIZE } from '@canopy/core';
import { actorOf } from '../../plugins/auth';
import { fail } from '../../errors';
import { ContentIdParams, ContentReply, DeletedReply } from '../contents/schemas';
import {
  CollectionFilesReply,
  CollectionFolderDeletedReply,
  CollectionFolderReply,
  FocalPointBody,
  FocalPointReply,
  JobParams,
  MediaJobReply,
  MULTIPART_BODY,
  TranscodeBody,
} from './schemas';
import type { UploadPart } from '../../operations/media/target';
import { uploadMedia } from '../../operations/media/upload-media';
import { deleteMedia } from '../../operations/media/delete-media';
import { createCollectionFolder } from '../../operations/media/create-collection-folder';
import { deleteCollectionFolder } from '../../operations/media/delete-collection-folder';
import { uploadCollectionFiles } from '../../operations/media/upload-collection-files';
import { getFocalPoint, setFocalPoint } from '../../operations/media/focal-point';
import { Transcodes } from '../../operations/media/transcode';
import { jobSettings, LocalQueue, PgBossQueue } from '../../publishing/jobs';
/** The request's multipart parts, as the operations read them. */
async function* partsOf(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) {
    fail(
      'VALIDATION_FAILED',
      'Send the file as multipart/form-data with the fields content_id and media',
    );
  }
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      yield { kind: 'file', field: part.fieldname, name: part.filename, stream: part.file };
    } else {
      yield { kind: 'field', name: part.fieldname, value: String(part.value) };
    }
  }
}

export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    // One byte over the cap reaches the upload's own counter, which refuses with §5's message.
    limits: { fileSize: MAX_MEDIA_FILE_SIZE + 1, fields: 10, fieldSize: 1000, files: 1000 },
    // The request and its file part are read on while the file is written (see STREAM_BUFFER).
    highWaterMark: STREAM_BUFFER,
    fileHwm: STREAM_BUFFER,
  });
  const { db, storage, config, jobs } = app.canopy;
  // Media jobs run where builds do: on the shared pg-boss with PostgreSQL, in this process otherwise.
  const transcodes = new Transcodes(
    db,
    storage,
    config.ffmpeg,
    jobs
      ? new PgBossQueue(
          jobs,
          jobSettings(),
          (error) => app.log.error({ err: error }, 'the media job queue failed'),
          'canopy-transcode',
        )
      : new LocalQueue(),
  );
  app.addHook('onReady', () => transcodes.start());
  app.addHook('onClose', () => transcodes.stop());
  const ctx = (request: FastifyRequest) => ({
    db,
    storage,
    actor: actorOf(request),
  });
  const tags = ['Media'];

  app.post(
    '/media/:id',
    {
      schema: {
        tags,
        summary: 'Upload or replace the file of an image, video or document item',
        params: ContentIdParams,
        ...MULTIPART_BODY,
        response: { 200: ContentReply },
      },
    },
    (request) => uploadMedia(ctx(request), request.params.id, partsOf(request)),
  );
  app.delete(
    '/media/:id',
    {
      schema: {
        tags,
        summary: 'Delete a media item and its files (409 when content uses it)',
        params: ContentIdParams,
        response: { 200: DeletedReply },
      },
    },
    (request) => deleteMedia(ctx(request), request.params.id),
  );
  app.post(
    '/mediacollectionfolder/:id',
    {
      schema: {
        tags,
        summary: "Create (or empty) a multi-stream video's folder",
        params: ContentIdParams,
        response: { 201: CollectionFolderReply },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createCollectionFolder(ctx(request), request.params.id);
    },
  );
  app.delete(
    '/mediacollectionfolder/:id',
    {
      schema: {
        tags,
        summary: "Delete a multi-stream video's folder and its files",
        params: ContentIdParams,
        response: { 200: CollectionFolderDeletedReply },
      },
    },
    (request) => deleteCollectionFolder(ctx(request), request.params.id),
  );
  app.post(
    '/mediacollectionfile/:id',
    {
      schema: {
        tags,
        summary: 'Upload files of a multi-stream video: playlists, .m4s segments, a poster .jpg',
        params: ContentIdParams,
        ...MULTIPART_BODY,
        response: { 200: CollectionFilesReply },
      },
    },
    (request) => uploadCollectionFiles(ctx(request), request.params.id, partsOf(request)),
  );
  app.get(
    '/media/:id/focalpoint',
    {
      schema: {
        tags,
        summary: "An image's focal point (the centre when none is set)",
        params: ContentIdParams,
        response: { 200: FocalPointReply },
      },
    },
    (request) => getFocalPoint(ctx(request), request.params.id),
  );
  app.put(
    '/media/:id/focalpoint',
    {
      schema: {
        tags,
        summary: "Set an image's focal point: crops (?w=&h=) keep it in the frame",
        params: ContentIdParams,
        body: FocalPointBody,
        response: { 200: FocalPointReply },
      },
    },
    (request) => setFocalPoint(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/media/:id/focalpoint',
    {
      schema: {
        tags,
        summary: "Clear an image's focal point (crops keep the centre)",
        params: ContentIdParams,
        response: { 200: FocalPointReply },
      },
    },
    (request) => setFocalPoint(ctx(request), request.params.id, null),
  );
  app.post(
    '/mediacollectionfolder/:id/transcode',
    {
      schema: {
        tags,
        summary:
          'Turn the MP4 of a video item into this multi-stream video, as a background job (501 without ffmpeg)',
        params: ContentIdParams,
        body: TranscodeBody,
        response: { 202: MediaJobReply },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return transcodes.request(ctx(request), request.params.id, request.body.source_id);
    },
  );
  app.get(
    '/mediajobs/:job_id',
    {
      schema: {
        tags,
        summary: 'A media job: status (queued, running, succeeded, failed) and progress (0-100)',
        params: JobParams,
        response: { 200: MediaJobReply },
      },
    },
    (request) => transcodes.job(ctx(request), request.params.job_id),
  );
};

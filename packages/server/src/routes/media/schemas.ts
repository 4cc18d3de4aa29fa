/** Request and reply schemas of the media routes (§7 Media). */
import { Type } from 'typebox';
import { Uuid } from '../../schemas/common';

const Fraction = Type.Number({ minimum: 0, maximum: 1, description: '0 (left or top) to 1' });
export const FocalPointBody = Type.Object(
  { x: Fraction, y: Fraction },
  { additionalProperties: false, description: 'Where the subject is, from the top left' },
);
export const TranscodeBody = Type.Object(
  { source_id: Uuid },
  { additionalProperties: false, description: 'The video item whose MP4 becomes the stream' },
);
export const JobParams = Type.Object({ job_id: Uuid }, { additionalProperties: false });

export const MULTIPART_BODY = {
  description: 'multipart/form-data: content_id (the item id) and media (the file)',
};

// Replies.

const Success = Type.Literal('Success');

export const FocalPointReply = Type.Object({
  content_id: Type.String(),
  x: Type.Number(),
  y: Type.Number(),
  is_set: Type.Boolean({ description: 'false: none is set, and crops keep the centre' }),
});

export const CollectionFolderReply = Type.Object({
  status: Success,
  content_id: Type.String(),
  folder: Type.String({ description: "The folder's address" }),
});
export const CollectionFolderDeletedReply = Type.Object({
  status: Success,
  content_id: Type.String(),
});
export const CollectionFilesReply = Type.Object({
  status: Success,
  content_id: Type.String(),
  files: Type.Array(Type.String(), { description: "The stored files' addresses" }),
});

export const MediaJobReply = Type.Object({
  job_id: Type.String(),
  kind: Type.Literal('hls'),
  source_id: Type.String({ description: 'The video item whose MP4 is read' }),
  content_id: Type.String({ description: 'The multi-stream video item the stream goes to' }),
  status: Type.Enum(['queued', 'running', 'succeeded', 'failed']),
  progress: Type.Number({ description: '0 to 100' }),
  message: Type.Union([Type.String(), Type.Null()], {
    description: 'Why the job (or an attempt, while it waits for the next) failed',
  }),
  files: Type.Array(Type.String(), { description: 'The files made, once it succeeded' }),
  created_by: Type.String(),
  created_date: Type.String(),
  updated_date: Type.String(),
});

/**
 * What a picker shows of the item a value refers to: a content item (GET /api/contents/{id}) or
 * a template (GET /api/templates/{id}), with the media file of a media item. Media files are
 * addressed by the item's content id (§2 Routes): `{directory}/{content_id}.{ext}` for one file,
 * `{directory}/{content_id}/{master playlist}` for a stream, whose poster sits beside it.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  extensionOf,
  isMediaContentType,
  isUuid,
  type Content,
  type ContentField,
} from '@canopy/core';
import { api } from '../server-state';

export interface MediaFiles {
  url: string;
  /** A streaming video's poster image. */
  poster: string | null;
}

export interface ReferencedItem {
  id: string;
  kind: 'content' | 'template';
  name: string;
  /** The content type ('page', 'image'...) or the template type ('page-template'...). */
  type: string;
  /** The item's file, when it is a media item that has one. */
  media: MediaFiles | null;
}

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg']);

function pathOf(url: string): string {
  return url.split(/[?#]/, 1)[0]!;
}

/** The file of a media item and a stream's poster, found among its field values. */
export function mediaFilesOf(
  content: Pick<Content, 'content_id' | 'content_type_id'> & {
    content_fields: Record<string, Pick<ContentField, 'field_value'>>;
  },
): MediaFiles | null {
  if (!isMediaContentType(content.content_type_id)) return null;
  const values = Object.values(content.content_fields)
    .map((field) => field.field_value)
    .filter((value): value is string => typeof value === 'string' && value !== '');
  const single = `/${content.content_id}.`;
  const folder = `/${content.content_id}/`;
  if (content.content_type_id === 'multi-stream-video') {
    const url = values.find((value) => pathOf(value).includes(folder) && isPlaylist(value));
    if (!url) return null;
    const poster = values.find(
      (value) => pathOf(value).includes(folder) && IMAGE_EXTENSIONS.has(extensionOf(value) ?? ''),
    );
    return { url, poster: poster ?? null };
  }
  const url = values.find((value) => pathOf(value).includes(single));
  return url ? { url, poster: null } : null;
}

function isPlaylist(value: string): boolean {
  return extensionOf(value) === 'm3u8';
}

/** A failed read: the HTTP status, so a missing item reads differently from a refusal. */
export class LoadError extends Error {
  constructor(readonly status: number) {
    super(
      status === 404
        ? 'The referenced item does not exist (it may have been deleted).'
        : status === 403
          ? 'You may not read the referenced item.'
          : `The referenced item could not be loaded (HTTP ${status}).`,
    );
  }
}

async function loadReferencedItem(id: string): Promise<ReferencedItem> {
  const content = await api().GET('/api/contents/{id}', { params: { path: { id } } });
  const item = content.data;
  if (item) {
    return {
      id,
      kind: 'content',
      name: item.content_name,
      type: item.content_type_id,
      media: mediaFilesOf(item),
    };
  }
  // Not a content item: a picker rooted in the templates refers to a template.
  if (content.response.status === 404) {
    const template = await api().GET('/api/templates/{id}', { params: { path: { id } } });
    const item = template.data;
    if (item) {
      return {
        id,
        kind: 'template',
        name: item.template_name,
        type: item.template_type_id,
        media: null,
      };
    }
  }
  throw new LoadError(content.response.status);
}

/** The referenced item of a picker value; only a valid UUID is ever loaded (§5). */
export const referencedItemQuery = (id: string) =>
  queryOptions({
    queryKey: ['referenced-item', id],
    queryFn: () => loadReferencedItem(id),
    enabled: isUuid(id),
  });

/** The admin address of an item, opened in a new tab by Go to Referenced Item. */
export function adminUrlOf(item: Pick<ReferencedItem, 'id' | 'kind'>): string {
  return `/admin/${item.kind === 'template' ? 'templates' : 'content'}/${item.id}`;
}

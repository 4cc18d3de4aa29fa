/**
 * What content versions reference, read from their stored fields and block fields: the content
 * items of Content Reference Picker fields (and any field's content_ref), the media items named
 * in Media Library Asset fields and in rich text (`/media-library/.../{id}.{ext}`), the pages a
 * rich text link points at (by Page URL), and the micro-app instances of picker fields.
 */
import { splitInstanceIds } from '@canopy/core';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

const PICKER = 'Content Reference Picker';
const MEDIA = 'Media Library Asset';
const RICH_TEXT = 'Rich Text';
const MICROAPP = 'Micro-app Reference Picker';
const TYPES = [PICKER, MEDIA, RICH_TEXT, MICROAPP];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const MEDIA_ADDRESS = new RegExp(`/media-library/[^"'\\s?#]*?(${UUID.source})`, 'gi');
const HREF = /href\s*=\s*["'](\/[^"'?#]*)/gi;

export interface References {
  /** Content ids (pickers, content_ref, media addresses). */
  content: Set<string>;
  /** Site-relative addresses linked from rich text. */
  pageUrls: Set<string>;
  /** Micro-app instance ids. */
  microapps: Set<string>;
}

const emptyReferences = (): References => ({
  content: new Set(),
  pageUrls: new Set(),
  microapps: new Set(),
});

/** What one stored value of a field of `type` references, added to `into`. */
export function collectReferences(
  type: string | undefined,
  value: string | null,
  contentRef: string | null,
  into: References,
): void {
  if (contentRef) into.content.add(contentRef);
  if (!value) return;
  if (type === PICKER) {
    if (UUID.test(value)) into.content.add(value.trim());
  } else if (type === MEDIA || type === RICH_TEXT) {
    for (const match of value.matchAll(MEDIA_ADDRESS)) into.content.add(match[1]!.toLowerCase());
    if (type === RICH_TEXT)
      for (const match of value.matchAll(HREF))
        if (!match[1]!.startsWith('//') && !match[1]!.startsWith('/media-library/'))
          into.pageUrls.add(match[1]!.replace(/(.)\/$/, '$1'));
  } else if (type === MICROAPP) {
    for (const id of splitInstanceIds(value)) into.microapps.add(id);
  }
}

/**
 * The references of each version, keyed `content_id#version`: all of the site `siteId`'s items,
 * or with no site, items of any (named by id: few of them).
 */
export async function referencesOf(
  db: Db,
  siteId: string | null,
  versions: readonly { content_id: string; version: number }[],
): Promise<Map<string, References>> {
  const out = new Map<string, References>();
  if (versions.length === 0) return out;
  const ids =
    siteId === null
      ? [...new Set(versions.map((v) => v.content_id))]
      : db.selectFrom('content_items').select('content_id').where('site_id', '=', siteId);
  // The version numbers asked for, as a coarse filter: an item's older versions are not read.
  const numbers = [...new Set(versions.map((v) => v.version))];
  const typeOf = new Map(
    (
      await db
        .selectFrom('template_fields')
        .select(['block_id', 'field_type'])
        .where('field_type', 'in', TYPES)
        .execute()
    ).map((f) => [f.block_id, f.field_type]),
  );
  const rich = [...typeOf].filter(([, type]) => type === RICH_TEXT).map(([id]) => id);
  const others = [...typeOf].filter(([, type]) => type !== RICH_TEXT).map(([id]) => id);
  // Typed fields that can reference something; rich text only where it names an address.
  const referring = (eb: ExpressionBuilder<Database, 'content_fields' | 'block_fields'>) =>
    eb.or([
      ...(others.length > 0 ? [eb('template_block_id', 'in', others)] : []),
      ...(rich.length > 0
        ? [
            eb.and([
              eb('template_block_id', 'in', rich),
              eb.or([
                eb('field_value', 'like', '%/media-library/%'),
                eb('field_value', 'like', '%href%'),
              ]),
            ]),
          ]
        : []),
    ]);
  const [fields, blockFields] = await Promise.all([
    db
      .selectFrom('content_fields')
      .select(['content_id', 'version', 'template_block_id', 'field_value', 'content_ref'])
      .where('content_id', 'in', ids)
      .where('version', 'in', numbers)
      .where((eb) => eb.or([eb('content_ref', 'is not', null), referring(eb)]))
      .execute(),
    typeOf.size === 0
      ? []
      : db
          .selectFrom('block_fields')
          .select(['content_id', 'version', 'template_block_id', 'field_value'])
          .where('content_id', 'in', ids)
          .where('version', 'in', numbers)
          .where((eb) => referring(eb))
          .execute(),
  ]);
  const wanted = new Set(versions.map((v) => `${v.content_id}#${v.version}`));
  const rows: {
    content_id: string;
    version: number;
    template_block_id: string;
    field_value: string | null;
    content_ref?: string | null;
  }[] = [...fields, ...blockFields];
  for (const row of rows) {
    const key = `${row.content_id}#${row.version}`;
    if (!wanted.has(key)) continue;
    let refs = out.get(key);
    if (!refs) out.set(key, (refs = emptyReferences()));
    collectReferences(
      typeOf.get(row.template_block_id),
      row.field_value,
      row.content_ref ?? null,
      refs,
    );
    refs.content.delete(row.content_id);
  }
  return out;
}

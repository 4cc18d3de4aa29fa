/** Template types: the reference data the Add Item dialog and the template forms choose from. */
import type { Db } from '../db/index';

export interface TemplateType {
  template_type_id: string;
  template_type_name: string;
  /** The content type made from templates of this type; null for types that make no content. */
  content_type_id: string | null;
  icon: string | null;
}

/** The template type of the folders that organise the template tree itself. */
export const TEMPLATE_FOLDER_TYPE = 'template-folder';
export const WIDGET_TEMPLATE_TYPE = 'widget-template';

/** The types every installation has: '{contenttype}-template' for each content type (§3, §9). */
export const STANDARD_TEMPLATE_TYPES: readonly TemplateType[] = [
  {
    template_type_id: TEMPLATE_FOLDER_TYPE,
    template_type_name: 'Template Folder',
    content_type_id: null,
    icon: 'fa-folder-open',
  },
  {
    template_type_id: 'page-template',
    template_type_name: 'Page',
    content_type_id: 'page',
    icon: 'fa-file-alt',
  },
  {
    template_type_id: 'content-fragment-template',
    template_type_name: 'Content Fragment',
    content_type_id: 'content-fragment',
    icon: 'fa-puzzle-piece',
  },
  {
    template_type_id: 'folder-template',
    template_type_name: 'Folder',
    content_type_id: 'folder',
    icon: 'fa-folder',
  },
  {
    template_type_id: WIDGET_TEMPLATE_TYPE,
    template_type_name: 'Widget',
    content_type_id: null,
    icon: 'fa-cube',
  },
  {
    template_type_id: 'image-template',
    template_type_name: 'Image',
    content_type_id: 'image',
    icon: 'fa-image',
  },
  {
    template_type_id: 'video-template',
    template_type_name: 'Video',
    content_type_id: 'video',
    icon: 'fa-video',
  },
  {
    template_type_id: 'multi-stream-video-template',
    template_type_name: 'Multi-Stream Video',
    content_type_id: 'multi-stream-video',
    icon: 'fa-film',
  },
  {
    template_type_id: 'document-template',
    template_type_name: 'Document',
    content_type_id: 'document',
    icon: 'fa-file',
  },
];

/** Adds the standard types that are missing; existing rows are left as they are. */
export async function ensureTemplateTypes(db: Db): Promise<void> {
  await db
    .insertInto('template_types')
    .values(STANDARD_TEMPLATE_TYPES.map((type) => ({ ...type })))
    .onConflict((oc) => oc.column('template_type_id').doNothing())
    .execute();
}

export function listTemplateTypes(db: Db): Promise<TemplateType[]> {
  return db.selectFrom('template_types').selectAll().orderBy('template_type_name').execute();
}

export function findTemplateType(
  db: Db,
  templateTypeId: string,
): Promise<TemplateType | undefined> {
  return db
    .selectFrom('template_types')
    .selectAll()
    .where('template_type_id', '=', templateTypeId)
    .executeTakeFirst();
}

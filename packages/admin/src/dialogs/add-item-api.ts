/**
 * The writes of 'Add Item' (§4 Add item, §7): a content item, a template, a multi-stream video's
 * folder, and the removal of an item whose upload failed. The caller refreshes the tree.
 */
import { api, replyOf } from '../api';

/** POST /api/contents: a new item under the parent; resolves with its id. */
export async function createContentItem(
  parentId: string,
  templateId: string,
  name: string,
): Promise<string> {
  const created = replyOf(
    await api().POST('/api/contents', {
      body: { parent_id: parentId, template_id: templateId, content_name: name },
    }),
  );
  return created.content_id;
}

/** POST /api/templates: a new template under the parent; resolves with its id. */
export async function createTemplateItem(
  parentId: string,
  templateTypeId: string,
  name: string,
): Promise<string> {
  const created = replyOf(
    await api().POST('/api/templates', {
      body: { parent_id: parentId, template_type_id: templateTypeId, template_name: name },
    }),
  );
  return created.template_id;
}

/** Removes an item whose upload failed: no empty item is left behind. */
export async function discardMediaItem(id: string): Promise<void> {
  await api().DELETE('/api/media/{id}', { params: { path: { id } } });
}

/** POST /api/mediacollectionfolder/{id}: the folder of a multi-stream video; false if refused. */
export async function createMediaFolder(contentId: string): Promise<boolean> {
  const folder = await api().POST('/api/mediacollectionfolder/{id}', {
    params: { path: { id: contentId } },
  });
  return folder.response.ok;
}

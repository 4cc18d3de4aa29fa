/**
 * A staged change, the way an editor makes one: a new draft of the newest published version
 * with one field changed, pushed to staging, the item unlocked. Free of Vitest, so the bench
 * stages its changes with it too.
 */
import { SYSTEM_ACTOR } from '../../src/auth/actor';
import type { Db } from '../../src/db/index';
import { createDraft } from '../../src/operations/contents/create-draft';
import { saveContent } from '../../src/operations/contents/save-content';
import { listVersions } from '../../src/repositories/contents';

/** Stages `value` in the field `templateBlockId` of the item; answers the staged version. */
export function stageFieldChange(
  db: Db,
  contentId: string,
  templateBlockId: string,
  value: string,
): Promise<number> {
  return stageFieldChanges(db, contentId, { [templateBlockId]: value });
}

/** Stages values by template block id in the item's fields; answers the staged version. */
export async function stageFieldChanges(
  db: Db,
  contentId: string,
  values: Record<string, string>,
): Promise<number> {
  const ctx = { db, actor: SYSTEM_ACTOR };
  const source = (await listVersions(db, contentId)).find((v) => v.status_id === 'published')!;
  const draft = await createDraft(ctx, { content_id: contentId, version: source.version });
  await saveContent(ctx, contentId, {
    version: draft.version,
    updated_date: draft.updated_date,
    content_fields: Object.entries(values).map(([templateBlockId, value]) => ({
      field_id: draft.content_fields[templateBlockId]!.field_id,
      field_value: value,
      cmsItemStatus: { edited: true },
    })),
  });
  await saveContent(ctx, contentId, { version: draft.version, status_id: 'staged' });
  await db
    .updateTable('content_items')
    .set({ locked_by: null })
    .where('content_id', '=', contentId)
    .execute();
  return draft.version;
}

/**
 * Delete Draft (§4): removes the draft version and everything in it, and releases the lock.
 * Version 1 is the only version of its content and is never deleted this way.
 */
import { recordAudit } from '../../audit/record';
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { listVersions } from '../../repositories/contents';
import { DRAFT } from '@canopy/core';
import { itemOr404, requireCommandPermission, requireLock, requireVersionStatus } from './guards';
import { checkPageUrlFree, withPageUrlIndex } from './page-url';

export async function deleteDraft(
  ctx: OpContext,
  contentId: string,
  versionNumber?: number,
): Promise<{ status: 'Success'; content_id: string; version: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    // access: Edit and the lock
    const item = await itemOr404(trx, contentId);
    await requireCommandPermission(trx, ctx.actor, item, 'deleteDraft');
    await requireLock(trx, ctx.actor, item, 'deleteDraft');

    // validate: a draft that is not version 1
    const versions = await listVersions(trx, contentId);
    const draft =
      versionNumber === undefined
        ? versions.find((v) => v.status_id === DRAFT)
        : versions.find((v) => v.version === versionNumber);
    if (!draft) {
      fail(
        versionNumber === undefined ? 'VERSION_NOT_EDITABLE' : 'VERSION_NOT_FOUND',
        versionNumber === undefined
          ? 'This content has no draft to delete'
          : `Version ${versionNumber} of content ${contentId} was not found`,
      );
    }
    await requireVersionStatus(trx, item, draft, 'deleteDraft');

    // write: rows go with the version (foreign keys cascade); the item mirrors the newest remaining version
    await trx
      .deleteFrom('content_versions')
      .where('content_id', '=', contentId)
      .where('version', '=', draft.version)
      .execute();
    const newest = versions.find((v) => v.version !== draft.version)!;
    if (newest.page_url !== item.page_url) {
      await checkPageUrlFree(trx, item, newest.page_url, (holder) =>
        fail(
          'CONFLICT',
          `Deleting this draft would bring back the Page URL ${newest.page_url} of version ${newest.version}, which "${holder.content_name}" uses now; change that page's Page URL first, then delete the draft`,
          { content_id: holder.content_id },
        ),
      );
    }
    await withPageUrlIndex(newest.page_url, () =>
      trx
        .updateTable('content_items')
        .set({
          locked_by: null,
          locked_date: null,
          content_name: newest.content_name,
          page_url: newest.page_url,
        })
        .where('content_id', '=', contentId)
        .execute(),
    );
    await recordAudit(trx, ctx.actor, {
      action: 'delete-draft',
      content_id: contentId,
      version: draft.version,
    });
    return { status: 'Success' as const, content_id: contentId, version: draft.version };
  });
}

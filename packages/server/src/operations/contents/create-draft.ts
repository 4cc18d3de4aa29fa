/**
 * A new draft from an existing version (§4 Lock button on published content): number = max + 1,
 * status draft, copied_from = the source, locked by the caller, and every row of the source
 * version copied with one statement per table, in one transaction.
 */
import { recordAudit } from '../../audit/record';
import { DRAFT, nextVersionNumber, type Content } from '@canopy/core';
import type { OpContext } from '../context';
import { now } from '../context';
import { fail } from '../../errors';
import { listVersions } from '../../repositories/contents';
import { copyVersionRows } from '../../repositories/version-rows';
import {
  itemOr404,
  requireAllowed,
  requireCommandPermission,
  requireLock,
  versionsState,
} from './guards';
import { readContentVersion } from './get-content';

export interface CreateDraftInput {
  content_id: string;
  /** The version to copy. */
  version: number;
  /** Lock the content for the caller (default true). */
  is_locked?: boolean | number | undefined;
}

export async function createDraft(ctx: OpContext, input: CreateDraftInput): Promise<Content> {
  const { actor } = ctx;
  return ctx.db.transaction().execute(async (trx) => {
    // access
    const item = await itemOr404(trx, input.content_id);
    await requireCommandPermission(trx, actor, item, 'createDraft');
    await requireLock(trx, actor, item, 'createDraft');

    // validate: the source exists and no unpublished version is waiting
    const versions = await listVersions(trx, item.content_id);
    const source = versions.find((v) => v.version === input.version);
    if (!source)
      fail(
        'VERSION_NOT_FOUND',
        `Version ${input.version} of content ${item.content_id} was not found`,
      );
    await requireAllowed(trx, 'createDraft', versionsState(versions), item);

    // write: the version row, then every child row in one statement per table
    const version = nextVersionNumber(versions.map((v) => v.version));
    const stamp = now();
    await trx
      .insertInto('content_versions')
      .values({
        ...source,
        version,
        status_id: DRAFT,
        copied_from: source.version,
        updated_date: stamp,
        updated_by: actor.username,
      })
      .execute();
    await copyVersionRows(trx, item.content_id, source.version, version);
    const lock = input.is_locked === undefined || input.is_locked === true || input.is_locked === 1;
    await trx
      .updateTable('content_items')
      .set({
        content_name: source.content_name,
        page_url: source.page_url,
        ...(lock ? { locked_by: actor.username, locked_date: stamp } : {}),
      })
      .where('content_id', '=', item.content_id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'draft',
      content_id: item.content_id,
      version,
      details: { copied_from: input.version },
    });
    return readContentVersion(trx, actor, item.content_id, version);
  });
}

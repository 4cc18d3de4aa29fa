/**
 * PUT /api/contents/{id}: the editor's Save (every changed field, zone, block and block field in
 * one atomic request), status updates (Push to Staging, Back to Draft) and reorder saves.
 */
import { transitionBetween, type Content, type VersionStatus } from '@canopy/core';
import type { OpContext } from '../context';
import { now } from '../context';
import { fail } from '../../errors';
import type { Changes } from '../../schemas/changes';
import { applyChanges } from './apply-changes';
import {
  itemOr404,
  requireLockHolder,
  requireStatus,
  requireWritableVersion,
  versionOr404,
} from './guards';
import { moveContent, type MoveResult } from './move-content';
import { readContentVersion } from './get-content';
import { requirePermission } from '../../access/permissions';
import { checkPageUrlFree } from './page-url';
import { parseDateInput } from './dates';

export interface SaveInput extends Changes {
  content_id?: string | undefined;
  version?: number | undefined;
  updated_date?: string | undefined;
  content_name?: string | undefined;
  publish_date?: string | undefined;
  unpublish_date?: string | undefined;
  is_active?: number | undefined;
  status_id?: VersionStatus | undefined;
  content_order?: number | undefined;
  parent_id?: string | null | undefined;
}

export type SaveResult = (Content & { status: 'Success' }) | MoveResult;

export async function saveContent(
  ctx: OpContext,
  contentId: string,
  input: SaveInput,
): Promise<SaveResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const item = await itemOr404(trx, contentId);
    // access first: every kind of save needs Edit on the item
    await requirePermission(trx, ctx.actor, contentId, 'Edit');

    // validate what the body asks for
    if (input.content_id !== undefined && input.content_id !== contentId) {
      fail(
        'VALIDATION_FAILED',
        `The body's content_id ${input.content_id} does not match the path's ${contentId}`,
      );
    }
    const hasChanges = Boolean(
      input.content_fields?.length ||
      input.dynamic_content_regions?.length ||
      input.content_blocks?.length ||
      input.content_blocks_fields?.length,
    );
    const hasVersionData =
      hasChanges ||
      input.content_name !== undefined ||
      input.publish_date !== undefined ||
      input.unpublish_date !== undefined;
    const isMove = input.content_order !== undefined || input.parent_id !== undefined;
    if (
      !hasVersionData &&
      !isMove &&
      input.status_id === undefined &&
      input.is_active === undefined
    ) {
      fail(
        'VALIDATION_FAILED',
        'Nothing to save: send changed fields, a status_id, or content_order/parent_id',
      );
    }
    if ((hasVersionData || input.status_id !== undefined) && input.version === undefined) {
      fail('VALIDATION_FAILED', 'Missing field "version": say which version you are saving');
    }
    if (hasVersionData && input.updated_date === undefined) {
      fail(
        'VALIDATION_FAILED',
        'Missing field "updated_date": send the updated_date you loaded, so a newer save is never overwritten',
      );
    }

    let moved: MoveResult | undefined;
    if (isMove) moved = await moveContent(trx, ctx.actor, item, input);
    if (input.is_active !== undefined) {
      await trx
        .updateTable('content_items')
        .set({ is_active: input.is_active ? 1 : 0 })
        .where('content_id', '=', contentId)
        .execute();
    }
    if (!hasVersionData && input.status_id === undefined) {
      if (moved) return moved;
      return {
        ...(await readContentVersion(trx, ctx.actor, contentId, 'latest')),
        status: 'Success' as const,
      };
    }
    const versionNumber = input.version!;

    if (hasVersionData) {
      // access + validate: lock, Edit, draft; then the stale-save check
      const target = await requireWritableVersion(trx, ctx.actor, contentId, versionNumber);
      if (input.updated_date !== target.version.updated_date) {
        fail(
          'STALE_SAVE',
          `This version was changed by ${target.version.updated_by ?? 'someone'} at ${target.version.updated_date} after you loaded it; reload it and apply your changes again`,
          {
            current: await readContentVersion(trx, ctx.actor, contentId, versionNumber),
          },
        );
      }
      // write
      const outcome = await applyChanges(trx, target, input);
      const contentName = outcome.contentName ?? input.content_name?.trim();
      if (contentName !== undefined && contentName === '')
        fail('VALIDATION_FAILED', 'The content name must not be empty');
      if (outcome.pageUrl !== undefined) await checkPageUrlFree(trx, target.item, outcome.pageUrl);
      await trx
        .updateTable('content_versions')
        .set({
          ...(contentName !== undefined ? { content_name: contentName } : {}),
          ...(outcome.pageUrl !== undefined ? { page_url: outcome.pageUrl } : {}),
          ...(input.publish_date !== undefined
            ? { publish_date: parseDateInput('publish_date', input.publish_date) }
            : {}),
          ...(input.unpublish_date !== undefined
            ? { unpublish_date: parseDateInput('unpublish_date', input.unpublish_date) }
            : {}),
          updated_date: now(),
          updated_by: ctx.actor.username,
        })
        .where('content_id', '=', contentId)
        .where('version', '=', versionNumber)
        .execute();
      // the item mirrors its newest version's name and URL for the menu
      const newest = await trx
        .selectFrom('content_versions')
        .select((eb) => eb.fn.max('version').as('v'))
        .where('content_id', '=', contentId)
        .executeTakeFirst();
      if (
        Number(newest?.v) === versionNumber &&
        (contentName !== undefined || outcome.pageUrl !== undefined)
      ) {
        await trx
          .updateTable('content_items')
          .set({
            ...(contentName !== undefined ? { content_name: contentName } : {}),
            ...(outcome.pageUrl !== undefined ? { page_url: outcome.pageUrl } : {}),
          })
          .where('content_id', '=', contentId)
          .execute();
      }
    }

    if (input.status_id !== undefined) {
      await changeStatus(ctx, trx, contentId, versionNumber, input.status_id);
    }
    return {
      ...(await readContentVersion(trx, ctx.actor, contentId, versionNumber)),
      status: 'Success' as const,
    };
  });
}

/** Push to Staging (draft -> staged) and Back to Draft (staged -> draft); both need the lock and Edit. */
async function changeStatus(
  ctx: OpContext,
  trx: OpContext['db'],
  contentId: string,
  versionNumber: number,
  to: VersionStatus,
): Promise<void> {
  const item = await itemOr404(trx, contentId);
  await requirePermission(trx, ctx.actor, contentId, 'Edit');
  await requireLockHolder(trx, ctx.actor, item);
  const version = await versionOr404(trx, contentId, versionNumber);
  const from = version.status_id as VersionStatus;
  if (from === to) return;
  if (to === 'published') {
    fail(
      'STATUS_TRANSITION_NOT_ALLOWED',
      'Versions are published by a release: use Publish to Delivery',
    );
  }
  const move = transitionBetween(from, to);
  if (!move) {
    requireStatus(
      version,
      to === 'staged' ? 'draft' : 'staged',
      to === 'staged' ? 'Push to Staging' : 'Back to Draft',
    );
  }
  await trx
    .updateTable('content_versions')
    .set({ status_id: to, updated_date: now(), updated_by: ctx.actor.username })
    .where('content_id', '=', contentId)
    .where('version', '=', versionNumber)
    .execute();
}

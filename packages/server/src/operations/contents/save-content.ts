/**
 * PUT /api/contents/{id}: the editor's Save (every changed field, zone, block and block field in
 * one atomic request), status updates (Push to Staging, Back to Draft) and reorder saves.
 */
import { recordAudit } from '../../audit/record';
import { PUBLISHED, commandReaching, type Content, type VersionStatus } from '@canopy/core';
import type { OpContext } from '../context';
import { fail } from '../../errors';
import type { Changes } from '../../schemas/changes';
import { applyChanges } from './apply-changes';
import {
  itemOr404,
  requireCommandPermission,
  requireEditableDraft,
  requireLock,
  requireVersionStatus,
  versionOr404,
} from './guards';
import { stampVersion } from './stamp-version';
import type { ContentItemRow } from '../../db/schema';
import { moveContent, type MoveResult } from './move-content';
import { readContentVersion } from './get-content';
import { setNameAndPageUrl } from './page-url';
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

export interface SaveOptions {
  /**
   * false leaves the save out of the audit record. No route passes it: it is the baseline of the
   * bench that measures what recording costs (bench/audit.ts).
   */
  audit?: boolean;
}

export async function saveContent(
  ctx: OpContext,
  contentId: string,
  input: SaveInput,
  options: SaveOptions = {},
): Promise<SaveResult> {
  const record: typeof recordAudit = options.audit === false ? async () => {} : recordAudit;
  return ctx.db.transaction().execute(async (trx) => {
    const item = await itemOr404(trx, contentId);
    // access first: every kind of save needs Save's permission on the item
    await requireCommandPermission(trx, ctx.actor, item, 'save');

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
      await record(trx, ctx.actor, {
        action: moved ? 'move' : 'save',
        content_id: contentId,
        details: {
          ...(moved ? { parent_id: input.parent_id, content_order: input.content_order } : {}),
          ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
        },
      });
      if (moved) return moved;
      return {
        ...(await readContentVersion(trx, ctx.actor, contentId, 'latest')),
        status: 'Success' as const,
      };
    }
    const versionNumber = input.version!;

    if (hasVersionData) {
      // validate: the caller's lock and a draft; then the stale-save compare-and-set
      const target = await requireEditableDraft(trx, ctx.actor, item, versionNumber);
      const key = { content_id: contentId, version: versionNumber };
      await stampVersion(trx, ctx.actor, key, input.updated_date);
      // write
      const outcome = await applyChanges(trx, target, input);
      await setNameAndPageUrl(trx, target.item, versionNumber, {
        contentName: outcome.contentName ?? input.content_name?.trim(),
        pageUrl: outcome.pageUrl,
      });
      if (input.publish_date !== undefined || input.unpublish_date !== undefined) {
        await trx
          .updateTable('content_versions')
          .set({
            ...(input.publish_date !== undefined
              ? { publish_date: parseDateInput('publish_date', input.publish_date) }
              : {}),
            ...(input.unpublish_date !== undefined
              ? { unpublish_date: parseDateInput('unpublish_date', input.unpublish_date) }
              : {}),
          })
          .where('content_id', '=', contentId)
          .where('version', '=', versionNumber)
          .execute();
      }
    }

    const from =
      input.status_id === undefined
        ? null
        : await changeStatus(ctx, trx, item, versionNumber, input.status_id);
    await record(trx, ctx.actor, {
      action: hasVersionData ? 'save' : 'status',
      content_id: contentId,
      version: versionNumber,
      details: {
        ...(hasVersionData ? changedParts(input) : {}),
        ...(from && from !== input.status_id ? { status: { from, to: input.status_id } } : {}),
        ...(moved ? { moved: true } : {}),
      },
    });
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
  item: ContentItemRow,
  versionNumber: number,
  to: VersionStatus,
): Promise<VersionStatus> {
  // Publishing is refused below; the lock is asked first, as for any change of status.
  const command = commandReaching(to) ?? 'pushToStaging';
  await requireLock(trx, ctx.actor, item, command);
  const version = await versionOr404(trx, item.content_id, versionNumber);
  const from = version.status_id as VersionStatus;
  if (from === to) return from;
  if (to === PUBLISHED) {
    fail(
      'STATUS_TRANSITION_NOT_ALLOWED',
      'Versions are published by a release: use Publish to Delivery',
    );
  }
  await requireVersionStatus(trx, item, version, command);
  await trx
    .updateTable('content_versions')
    .set({ status_id: to })
    .where('content_id', '=', item.content_id)
    .where('version', '=', versionNumber)
    .execute();
  await stampVersion(trx, ctx.actor, { content_id: item.content_id, version: versionNumber });
  return from;
}

/** What a Save changed, for the audit record: the ids of the fields, zones, blocks and block fields. */
function changedParts(input: SaveInput): Record<string, unknown> {
  const ids = (rows: readonly object[] | undefined, key: string) =>
    rows?.map((row) => (row as Record<string, unknown>)[key]).filter(Boolean);
  const parts = {
    content_fields: ids(input.content_fields, 'field_id'),
    dynamic_content_regions: ids(input.dynamic_content_regions, 'region_id'),
    content_blocks: ids(input.content_blocks, 'block_id'),
    content_blocks_fields: ids(input.content_blocks_fields, 'field_id'),
  };
  return Object.fromEntries(Object.entries(parts).filter(([, list]) => list && list.length > 0));
}

/**
 * An image's focal point (PUT and GET /api/media/{id}/focalpoint): where its subject is, as
 * fractions of its width and height from the top left. Crops (`?w=&h=`) keep it in the frame.
 * Setting it is a write to the item like an upload: Edit, the lock and a draft.
 */
import { CENTRE, type FocalPoint } from '@canopy/core';
import { requirePermission } from '../../access/permissions';
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { itemOr404 } from '../contents/guards';
import { renditionsKey } from './files';
import { recordAudit } from '../../audit/record';
import { writeMediaFields } from './fixed-fields';
import { mediaTarget, type MediaContext } from './target';

/** A stored focal point ("x,y"), or undefined when there is none or it is unreadable. */
export function parseFocalPoint(stored: string | null | undefined): FocalPoint | undefined {
  if (!stored) return undefined;
  const [x, y] = stored.split(',').map(Number);
  if (x === undefined || y === undefined || !(x >= 0 && x <= 1 && y >= 0 && y <= 1)) {
    return undefined;
  }
  return { x, y };
}

export interface FocalPointReply extends FocalPoint {
  content_id: string;
  /** Whether the point was set; an image without one is cropped around its centre. */
  is_set: boolean;
}

export async function getFocalPoint(ctx: OpContext, contentId: string): Promise<FocalPointReply> {
  const item = await itemOr404(ctx.db, contentId);
  await requirePermission(ctx.db, ctx.actor, contentId, 'Read');
  if (item.content_type_id !== 'image') {
    fail(
      'VALIDATION_FAILED',
      `${item.content_name} is a ${item.content_type_id} item; only images have a focal point`,
    );
  }
  const point = parseFocalPoint(item.focal_point);
  return { content_id: contentId, ...(point ?? CENTRE), is_set: point !== undefined };
}

export async function setFocalPoint(
  ctx: MediaContext,
  contentId: string,
  point: FocalPoint | null,
): Promise<FocalPointReply> {
  const reply = await ctx.db.transaction().execute(async (trx) => {
    const { item, version, directory } = await mediaTarget(trx, ctx, contentId, ['image']);
    const stored = point ? `${round(point.x)},${round(point.y)}` : null;
    await trx
      .updateTable('content_items')
      .set({ focal_point: stored })
      .where('content_id', '=', item.content_id)
      .execute();
    await writeMediaFields(trx, {
      content_id: item.content_id,
      version: version.version,
      username: ctx.actor.username,
      values: {},
    });
    await recordAudit(trx, ctx.actor, {
      action: 'save',
      content_id: item.content_id,
      version: version.version,
      details: { focal_point: stored },
    });
    const saved = parseFocalPoint(stored);
    return {
      directory,
      reply: { content_id: contentId, ...(saved ?? CENTRE), is_set: saved !== undefined },
    };
  });
  // crops made around the old point are no longer asked for
  await ctx.storage.deletePrefix(renditionsKey(reply.directory, contentId)).catch(() => undefined);
  return reply.reply;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

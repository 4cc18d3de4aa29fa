/**
 * Add Item (§4, §5): a new content item under a parent, at order = sibling count + 1, version 1
 * draft, locked by its creator, with a field for every block of its template (defaults applied)
 * and an empty layout for every dynamic zone.
 */
import { recordAudit } from '../../audit/record';
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PUBLISH_DATE,
  DEFAULT_UNPUBLISH_DATE,
  FIRST_VERSION,
  INVALID_TEMPLATE_MESSAGE,
  childPath,
  isAllowedChild,
  levelOf,
  nextOrder,
  type Content,
} from '@canopy/core';
import type { OpContext } from '../context';
import { now } from '../context';
import { grantCreatorPermissions, requirePermission } from '../../access/permissions';
import { fail } from '../../errors';
import { requireUnusedItemId } from '../../access/item-ids';
import { itemOr404 } from './guards';
import { readContentVersion } from './get-content';
import { checkPageUrlFree, withPageUrlIndex } from './page-url';
import { createInitialFields } from './initial-fields';

export interface CreateContentInput {
  content_id?: string | undefined;
  parent_id: string;
  template_id: string;
  content_name?: string | undefined;
  content_type_id?: string | undefined;
  page_url?: string | undefined;
  is_active?: Content['is_active'] | undefined;
  allowed_content_type?: string | undefined;
  allowed_template_type?: string | undefined;
  custom_icon?: string | undefined;
}

export const NEW_ITEM_NAME = 'New Item';

export async function createContent(ctx: OpContext, input: CreateContentInput): Promise<Content> {
  const { actor } = ctx;
  const contentId = input.content_id ?? randomUUID();
  return ctx.db.transaction().execute(async (trx) => {
    // access: Create on the parent
    const parent = await itemOr404(trx, input.parent_id);
    await requirePermission(trx, actor, parent.content_id, 'Create');

    // validate: a real template whose type the parent allows
    const template = await trx
      .selectFrom('templates')
      .selectAll()
      .where('template_id', '=', input.template_id)
      .executeTakeFirst();
    if (!template)
      fail('VALIDATION_FAILED', INVALID_TEMPLATE_MESSAGE, { template_id: input.template_id });
    if (!isAllowedChild(parent, template.template_type_id)) {
      fail(
        'MOVE_NOT_ALLOWED',
        `A ${template.template_name} is not allowed under "${parent.content_name}"`,
        { template_type_id: template.template_type_id },
      );
    }
    if (input.content_id !== undefined) await requireUnusedItemId(trx, contentId);
    const contentType =
      input.content_type_id ?? template.template_type_id.replace(/-template$/, '');
    const name = input.content_name?.trim() || NEW_ITEM_NAME;

    // write: the item, its first version, and a field for every template block
    const siblings = await trx
      .selectFrom('content_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', '=', parent.content_id)
      .executeTakeFirstOrThrow();
    const order = nextOrder(Number(siblings.n));
    const path = childPath(parent.path, order);
    const stamp = now();
    const item = {
      content_id: contentId,
      site_id: parent.site_id,
      parent_id: parent.content_id,
      content_order: order,
      path,
      lvl: levelOf(path),
      content_type_id: contentType,
      template_id: template.template_id,
      content_name: name,
      is_active: input.is_active ?? 0,
      locked_by: actor.username,
      locked_date: stamp,
      custom_icon: input.custom_icon ?? null,
      allowed_content_type: input.allowed_content_type ?? template.allowed_content_type,
      allowed_template_type: input.allowed_template_type ?? template.allowed_template_type,
      media_library_directory: null,
      page_url: input.page_url ?? null,
      media_url: null,
      created_by: actor.username,
      created_date: stamp,
    };
    await checkPageUrlFree(trx, item, item.page_url);
    await withPageUrlIndex(item.page_url, () =>
      trx.insertInto('content_items').values(item).execute(),
    );
    await trx
      .insertInto('content_versions')
      .values({
        content_id: contentId,
        version: FIRST_VERSION,
        status_id: 'draft',
        content_name: name,
        page_url: item.page_url,
        publish_date: DEFAULT_PUBLISH_DATE,
        unpublish_date: DEFAULT_UNPUBLISH_DATE,
        copied_from: null,
        parent_version: null,
        updated_date: stamp,
        updated_by: actor.username,
      })
      .execute();

    await createInitialFields(trx, {
      content_id: contentId,
      template_id: template.template_id,
      name,
      page_url: item.page_url,
    });

    // record: the creator holds all four permissions on what they made
    await grantCreatorPermissions(trx, actor, contentId);
    await recordAudit(trx, actor, {
      action: 'create',
      content_id: contentId,
      version: FIRST_VERSION,
      details: { content_name: name, parent_id: item.parent_id },
    });
    return readContentVersion(trx, actor, contentId, FIRST_VERSION);
  });
}

/** Shared setup of the template suites: an app with the demo templates, and small fixtures. */
import { randomUUID } from 'node:crypto';
import type { Permission } from '@canopy/core';
import { startApp, type TestApp } from '../harness';
import type { DialectName, Db } from '../../src/db/index';
import { seedTemplates } from '../../src/seed/templates';

export async function startWithTemplates(dialect: DialectName): Promise<TestApp> {
  const t = await startApp(dialect);
  await seedTemplates(t.db);
  return t;
}

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '11111111-2222-4333-8444-555555555555';

/** A user whose only role grants `permissions` on one item (and so on its subtree). */
export async function userWith(
  t: TestApp,
  username: string,
  grants: Array<{ itemId: string; permissions: Permission[] }>,
): Promise<string> {
  const roleId = `role-${username}`;
  await t.db
    .insertInto('roles')
    .values({ role_id: roleId, role_name: roleId, role_rank: 1, is_admin: 0 })
    .execute();
  for (const { itemId, permissions } of grants) {
    await t.db
      .insertInto('role_permissions')
      .values(
        permissions.map((permission_id) => ({
          role_id: roleId,
          content_id: itemId,
          permission_id,
          permission: 1,
        })),
      )
      .execute();
  }
  await t.tokenFor(username, [roleId]);
  return username;
}

/** Creates a template through the API and returns its reply body. */
export async function createTemplate(
  t: TestApp,
  payload: Record<string, unknown>,
): Promise<Record<string, unknown> & { template_id: string; path: string }> {
  const res = await t.request({ method: 'POST', url: '/api/templates', payload });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A template of `type` named `name` under `parentId`, made through the API. */
export function templateUnder(
  t: TestApp,
  parentId: string,
  name: string,
  type = 'template-folder',
) {
  return createTemplate(t, { template_name: name, template_type_id: type, parent_id: parentId });
}

/**
 * A content item made from `templateId` (when given), optionally with one content block that is
 * an instance of `widgetId` in version 1: the rows a content save leaves behind.
 */
export async function insertContent(
  db: Db,
  options: { name: string; templateId?: string | null; widgetId?: string },
): Promise<string> {
  const contentId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('content_items')
    .values({
      content_id: contentId,
      site_id: null,
      parent_id: null,
      content_order: 1,
      path: String(Math.floor(Math.random() * 80) + 10),
      lvl: 1,
      content_type_id: 'page',
      template_id: options.templateId ?? null,
      content_name: options.name,
      is_active: 1,
      locked_by: null,
      custom_icon: null,
      allowed_content_type: '',
      allowed_template_type: '',
      media_library_directory: null,
      created_by: 'system',
      created_date: now,
    })
    .execute();
  await db
    .insertInto('content_versions')
    .values({
      content_id: contentId,
      version: 1,
      status_id: 'draft',
      content_name: options.name,
      page_url: null,
      publish_date: '1970-01-01 12:00',
      unpublish_date: '1970-01-01 12:00',
      copied_from: null,
      parent_version: null,
      updated_date: now,
      updated_by: 'system',
    })
    .execute();
  if (options.widgetId) {
    const fieldId = randomUUID();
    const regionId = randomUUID();
    await db
      .insertInto('content_fields')
      .values({
        field_id: fieldId,
        version: 1,
        content_id: contentId,
        template_block_id: randomUUID(),
        field_value: null,
        content_ref: null,
      })
      .execute();
    await db
      .insertInto('dynamic_regions')
      .values({
        region_id: regionId,
        version: 1,
        content_id: contentId,
        field_id: fieldId,
        region_value: null,
      })
      .execute();
    await db
      .insertInto('content_blocks')
      .values({
        block_id: randomUUID(),
        version: 1,
        content_id: contentId,
        region_id: regionId,
        template_id: options.widgetId,
        content_block_order: 1,
      })
      .execute();
  }
  return contentId;
}

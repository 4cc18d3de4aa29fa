/**
 * The fine-grained calls of §7 "Content fields, zones, blocks": one field, zone, block or block
 * field at a time. They resolve which content version the row belongs to, then go through the
 * same checks and the same changes engine as the editor's Save.
 */
import { recordAudit } from '../../audit/record';
import type { OpContext } from '../context';
import { stampVersion } from './stamp-version';
import { setNameAndPageUrl } from './page-url';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import type {
  BlockChange,
  BlockFieldChange,
  ContentFieldChange,
  RegionChange,
} from '../../schemas/changes';
import { applyChanges } from './apply-changes';
import type { ChangeAction } from './plan-changes';
import { requireWritableVersion } from './guards';
import type { CommandId } from '@canopy/core';

/** The workflow command a call is: a block added, moved (edited) or deleted, else a save. */
const BLOCK_COMMANDS: Record<ChangeAction, CommandId> = {
  create: 'addBlock',
  edited: 'moveBlock',
  delete: 'deleteBlock',
};

/** Each call names its version and may carry the updated_date it loaded (the stale-save rule). */
type Written = { version: number; updated_date?: string };

export type Part =
  | { kind: 'content_field'; change: ContentFieldChange & Written & { content_id: string } }
  | { kind: 'dynamic_region'; change: RegionChange & Written }
  | { kind: 'content_block'; change: BlockChange & Written }
  | { kind: 'block_field'; change: BlockFieldChange & Written };

const TABLES = {
  content_field: { table: 'content_fields', id: 'field_id', label: 'Content field' },
  dynamic_region: { table: 'dynamic_regions', id: 'region_id', label: 'Dynamic zone' },
  content_block: { table: 'content_blocks', id: 'block_id', label: 'Content block' },
  block_field: { table: 'block_fields', id: 'field_id', label: 'Block field' },
} as const;

/** The content a row (or, for a new row, its parent) belongs to in a version. */
async function contentOf(db: Db, part: Part, action: ChangeAction): Promise<string> {
  const { change } = part;
  const find = async (kind: Part['kind'], id: string | undefined) => {
    if (!id) return undefined;
    const { table, id: column } = TABLES[kind];
    const row = await db
      .selectFrom(table)
      .select('content_id')
      .where(column as 'field_id', '=', id)
      .where('version', '=', change.version)
      .executeTakeFirst();
    return row?.content_id;
  };
  if (part.kind === 'content_field') return part.change.content_id;
  const own = action === 'create' ? undefined : await find(part.kind, idOf(part));
  if (own) return own;
  if (action !== 'create')
    fail(
      'NOT_FOUND',
      `${TABLES[part.kind].label} ${idOf(part)} was not found in version ${change.version}`,
    );
  const parent =
    part.kind === 'dynamic_region'
      ? await find('content_field', part.change.field_id)
      : part.kind === 'content_block'
        ? await find('dynamic_region', part.change.region_id)
        : await find('content_block', part.change.block_id);
  if (!parent)
    fail(
      'VALIDATION_FAILED',
      `The parent of ${TABLES[part.kind].label.toLowerCase()} ${idOf(part)} was not found in version ${change.version}`,
    );
  return parent;
}

function idOf(part: Part): string {
  return part.kind === 'dynamic_region'
    ? part.change.region_id
    : part.kind === 'content_block'
      ? part.change.block_id
      : part.change.field_id;
}

export async function writePart(
  ctx: OpContext,
  part: Part,
  action: ChangeAction,
): Promise<{ status: 'Success'; id: string; updated_date: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const contentId = await contentOf(trx, part, action);
    const command = part.kind === 'content_block' ? BLOCK_COMMANDS[action] : 'save';
    const target = await requireWritableVersion(
      trx,
      ctx.actor,
      contentId,
      part.change.version,
      command,
    );
    const { updated_date: loaded, ...fields } = part.change;
    const change = { ...fields, cmsItemStatus: { [action]: true } };
    const lists = {
      content_field: 'content_fields',
      dynamic_region: 'dynamic_content_regions',
      content_block: 'content_blocks',
      block_field: 'content_blocks_fields',
    } as const;
    const key = { content_id: contentId, version: part.change.version };
    const stamp = await stampVersion(trx, ctx.actor, key, loaded);
    const outcome = await applyChanges(trx, target, { [lists[part.kind]]: [change] });
    await setNameAndPageUrl(trx, target.item, part.change.version, outcome);
    await recordAudit(trx, ctx.actor, {
      action: 'save',
      content_id: contentId,
      version: part.change.version,
      details: { [lists[part.kind]]: [{ id: idOf(part), change: action }] },
    });
    return { status: 'Success' as const, id: idOf(part), updated_date: stamp };
  });
}

/** For DELETE calls that name only a row id: the version is the content's draft holding it. */
export async function draftVersionOf(
  db: Db,
  kind: Part['kind'],
  id: string,
  version?: number,
): Promise<number> {
  if (version !== undefined) return version;
  const { table, id: column } = TABLES[kind];
  const row = await db
    .selectFrom(`${table} as r` as 'content_fields as r')
    .innerJoin('content_versions as v', (join) =>
      join.onRef('v.content_id', '=', 'r.content_id').onRef('v.version', '=', 'r.version'),
    )
    .select('r.version')
    .where(`r.${column}` as 'r.field_id', '=', id)
    .where('v.status_id', '=', 'draft')
    .executeTakeFirst();
  if (!row) fail('NOT_FOUND', `${TABLES[kind].label} ${id} is not part of any draft`);
  return row.version;
}

/**
 * Publish (§4, §7): to delivery, the newest staged version of every item of the site becomes
 * published in one transaction; either mode records a release (what, who, when, which build)
 * and queues the target's build, answering its id at once. Publish to preview promotes nothing.
 * The audit record's entry is written with the release (GET /api/audit adds the release's build).
 */
import { randomUUID } from 'node:crypto';
import type { BuildService } from '../../publishing/builds';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import type { OpContext } from '../context';
import { requireMode, requirePublisher } from './guards';
import { instancesUsed } from '../microapps/instances-used';

export interface PublishInput {
  mode: string;
  site_id: string;
  build_definition_id?: string;
  build_type?: string;
}

export interface PublishResult {
  build_id: string;
  release_id: string;
  /** What became published (delivery), with the micro-app instances each version places. */
  published: { content_id: string; version: number; microapp_instances: string[] }[];
}

export async function publish(
  ctx: OpContext,
  builds: BuildService,
  input: PublishInput,
): Promise<PublishResult> {
  const mode = requireMode(input.mode);
  const definitionId = input.build_definition_id ?? '263';
  if (!builds.config.definitions[definitionId])
    fail(
      'VALIDATION_FAILED',
      `There is no build definition "${definitionId}" (known: ${Object.keys(builds.config.definitions).join(', ')})`,
    );
  const buildType = input.build_type ?? 'both';
  await requirePublisher(ctx.db, ctx.actor, input.site_id, mode);
  const releaseId = randomUUID();
  const stamp = new Date().toISOString();

  const published = await ctx.db.transaction().execute(async (trx) => {
    const items = trx
      .selectFrom('content_items')
      .select('content_id')
      .where('site_id', '=', input.site_id);
    const staged =
      mode === 'delivery'
        ? await trx
            .selectFrom('content_versions')
            .select(['content_id', 'version'])
            .where('status_id', '=', 'staged')
            .where('content_id', 'in', items)
            .execute()
        : [];
    for (const version of staged) {
      // Only a version still staged is promoted: one sent back to draft meanwhile stays a draft.
      await trx
        .updateTable('content_versions')
        .set({ status_id: 'published' })
        .where('content_id', '=', version.content_id)
        .where('version', '=', version.version)
        .where('status_id', '=', 'staged')
        .execute();
    }
    const last = await trx
      .selectFrom('releases')
      .select('released_date')
      .where('site_id', '=', input.site_id)
      .where('mode', '=', mode)
      .orderBy('released_date', 'desc')
      .executeTakeFirst();
    const templates = await trx
      .selectFrom('templates')
      .select('template_id')
      .$if(last !== undefined, (q) => q.where('updated_date', '>', last!.released_date))
      .execute();
    await trx
      .insertInto('releases')
      .values({
        release_id: releaseId,
        site_id: input.site_id,
        mode,
        build_id: null,
        released_by: ctx.actor.username,
        released_date: stamp,
        items: JSON.stringify({ content: staged, templates: templates.map((t) => t.template_id) }),
      })
      .execute();
    // The build is queued after the commit: the record names the release, which names its build.
    const site = await trx
      .selectFrom('sites')
      .select('root_content_id')
      .where('site_id', '=', input.site_id)
      .executeTakeFirst();
    await recordAudit(trx, ctx.actor, {
      action: 'publish',
      content_id: site?.root_content_id ?? null,
      details: {
        release_id: releaseId,
        site_id: input.site_id,
        mode,
        versions: staged.length,
      },
    });
    return staged;
  });

  const build = await builds.enqueue({
    siteId: input.site_id,
    mode,
    definitionId,
    buildType,
    requestedBy: ctx.actor.username,
    releaseId,
  });
  await ctx.db
    .updateTable('releases')
    .set({ build_id: build.build_id })
    .where('release_id', '=', releaseId)
    .execute();
  const used = await instancesUsed(ctx.db, published);
  return {
    build_id: build.build_id,
    release_id: releaseId,
    published: published.map((v) => ({
      ...v,
      microapp_instances: used.get(`${v.content_id}#${v.version}`) ?? [],
    })),
  };
}

/**
 * Publish (§4, §7): to delivery, the newest staged version of every item of the site becomes
 * published in one transaction; either mode records a release (what, who, when, which build)
 * and queues the target's build in that same transaction, answering its id at once. Publish to
 * preview promotes nothing.
 * The audit record's entry is written with the release (GET /api/audit adds the release's build).
 * A publish to delivery may include items its pages need (./dependencies.ts): a draft is
 * published with them, a scheduled version goes live with them (its publish date becomes now).
 */
import { randomUUID } from 'node:crypto';
import type { BuildService } from '../../publishing/builds';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import type { OpContext } from '../context';
import { requireMode, requirePublisher } from './guards';
import { instancesUsed } from '../microapps/instances-used';
import { findDependencies, type Dependency } from './dependencies';
import { latestPublishable } from './list-publishable';

export interface PublishInput {
  mode: string;
  site_id: string;
  build_definition_id?: string;
  build_type?: string;
  /** Content ids of dependencies to publish with the site's staged versions (delivery). */
  include?: string[];
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
  const now = new Date();
  const stamp = now.toISOString();
  const included = await includable(ctx, input, mode, now);

  const { published, build } = await ctx.db.transaction().execute(async (trx) => {
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
    const promoted: { content_id: string; version: number }[] = [...staged];
    for (const dep of included) {
      // A scheduled version goes live now; a draft (or a staged version of the shared media
      // library, which no site's publish promotes) becomes published, if it still is one.
      const done = await trx
        .updateTable('content_versions')
        .set(dep.status === 'scheduled' ? { publish_date: stamp } : { status_id: 'published' })
        .where('content_id', '=', dep.id)
        .where('version', '=', dep.version!)
        .where(
          'status_id',
          'in',
          dep.status === 'scheduled' ? ['staged', 'published'] : ['draft', 'staged'],
        )
        .executeTakeFirst();
      if (done.numUpdatedRows === 0n)
        fail('CONFLICT', `"${dep.name}" changed meanwhile: reload the publish dialog`);
      if (!staged.some((v) => v.content_id === dep.id && v.version === dep.version))
        promoted.push({ content_id: dep.id, version: dep.version! });
    }
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
    // The release names its build from the start: a failed publish leaves neither.
    const build = await builds.queueIn(trx, {
      siteId: input.site_id,
      mode,
      definitionId,
      buildType,
      requestedBy: ctx.actor.username,
      releaseId,
    });
    await trx
      .insertInto('releases')
      .values({
        release_id: releaseId,
        site_id: input.site_id,
        mode,
        build_id: build.build.build_id,
        released_by: ctx.actor.username,
        released_date: stamp,
        items: JSON.stringify({
          content: promoted,
          templates: templates.map((t) => t.template_id),
        }),
      })
      .execute();
    // The record names the release, which names its build.
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
        versions: promoted.length,
      },
    });
    return { published: promoted, build };
  });

  // A new build goes to the queue once the release that names it is committed.
  await build.send();
  const used = await instancesUsed(ctx.db, published);
  return {
    build_id: build.build.build_id,
    release_id: releaseId,
    published: published.map((v) => ({
      ...v,
      microapp_instances: used.get(`${v.content_id}#${v.version}`) ?? [],
    })),
  };
}

/** The dependencies `input.include` names, each one the actor may include; refuses otherwise. */
async function includable(
  ctx: OpContext,
  input: PublishInput,
  mode: string,
  now: Date,
): Promise<Dependency[]> {
  const ids = [...new Set(input.include ?? [])];
  if (ids.length === 0) return [];
  if (mode !== 'delivery')
    fail('VALIDATION_FAILED', 'Only a publish to delivery includes referenced items');
  const shown = await latestPublishable(ctx, input.site_id);
  const dependencies = await findDependencies(ctx, input.site_id, shown, now);
  return ids.map((id) => {
    const dep = dependencies.find((d) => d.kind === 'content' && d.id === id);
    if (!dep)
      fail(
        'VALIDATION_FAILED',
        `Item ${id} is not an unpublished item the pages to publish need: reload the publish dialog`,
      );
    if (!dep.can_include)
      fail(dep.refusal ?? 'CONFLICT', `"${dep.name}" cannot be included: ${dep.reason}`, {
        content_id: id,
      });
    return dep;
  });
}

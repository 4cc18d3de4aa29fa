/**
 * What a publish to delivery needs (issue: publishes that never break a page): everything the
 * pages delivery shows once it is done (the staged versions it publishes and the published ones
 * it keeps) reference (media, content fragments, linked pages, micro-app instances) that
 * delivery would not show. A referenced item is shown when, with the site's staged versions
 * published, it has a published version live now; otherwise it is 'unpublished' (drafts, or a
 * staged version no publish of this site promotes: the shared media library's), 'scheduled' (its
 * publish date lies ahead) or 'missing' (deleted). Each is listed
 * with the pages that need it and whether the actor may include it in the same publish: Edit on
 * the item, and for a draft no one else's lock. What an item that may be included references is
 * listed in turn (needed by that item), and so on, each item once.
 */
import { hasPermission, publishDateMoment } from '@canopy/core';
import type { OpContext } from '../context';
import { permissionsOn } from '../../access/permissions';
import { isLive } from '../../repositories/contents';
import { withCurrentLock } from '../../repositories/lock-lease';
import { referencesOf } from './references';

export type DependencyStatus = 'unpublished' | 'scheduled' | 'missing';

export interface Dependency {
  kind: 'content' | 'microapp';
  /** A content id, or a micro-app instance id. */
  id: string;
  name: string;
  content_type_id: string | null;
  status: DependencyStatus;
  /** A scheduled item's publish date; null otherwise. */
  publish_date: string | null;
  /** The version including it would publish (a draft) or bring forward (scheduled). */
  version: number | null;
  needed_by: { content_id: string; content_name: string }[];
  can_include: boolean;
  /** Why it cannot be included; null when it can. */
  reason: string | null;
  /** How a publish that includes it anyway is refused (not part of the reply). */
  refusal?: 'FORBIDDEN' | 'CONFLICT';
}

interface Publishing {
  content_id: string;
  version: number;
  content_name: string;
}

/**
 * The dependencies of `versions` (what delivery shows after the publish), by name. An item the
 * actor may include is published as it is now, so what its version references is needed too:
 * those are listed as well, needed by it, and so on (each item once).
 */
export async function findDependencies(
  ctx: OpContext,
  siteId: string,
  versions: readonly Publishing[],
  now = new Date(),
): Promise<Dependency[]> {
  const needs = new Map<string, Set<string>>();
  const names = new Map(versions.map((v) => [v.content_id, v.content_name]));
  const found = new Map<string, Dependency>();
  const expanded = new Set(versions.map((v) => v.content_id));
  let frontier: readonly Publishing[] = versions;
  let scope: string | null = siteId;
  while (frontier.length > 0) {
    const fresh = await addNeeds(ctx, siteId, scope, frontier, needs);
    const resolved = await resolve(ctx, siteId, fresh, now);
    for (const dep of resolved) found.set(`${dep.kind}:${dep.id}`, dep);
    frontier = resolved
      .filter((d) => d.kind === 'content' && d.version !== null && d.can_include)
      .filter((d) => !expanded.has(d.id))
      .map((d) => ({ content_id: d.id, version: d.version!, content_name: d.name }));
    for (const v of frontier) {
      expanded.add(v.content_id);
      names.set(v.content_id, v.content_name);
    }
    // Included items may lie outside the site (the shared media library).
    scope = null;
  }
  const neededBy = (key: string) =>
    [...needs.get(key)!]
      .map((id) => ({ content_id: id, content_name: names.get(id) ?? id }))
      .sort((a, b) => a.content_name.localeCompare(b.content_name));
  return [...found]
    .map(([key, dep]) => ({ ...dep, needed_by: neededBy(key) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Adds what `versions` reference to `needs` (key -> ids of the items needing it); answers the
 * keys needed for the first time.
 */
async function addNeeds(
  ctx: OpContext,
  siteId: string,
  scope: string | null,
  versions: readonly Publishing[],
  needs: Map<string, Set<string>>,
): Promise<string[]> {
  const refs = await referencesOf(ctx.db, scope, versions);
  if (refs.size === 0) return [];
  const fresh: string[] = [];
  const need = (key: string, by: string) => {
    let set = needs.get(key);
    if (!set) {
      needs.set(key, (set = new Set()));
      fresh.push(key);
    }
    set.add(by);
  };
  const urls = [...new Set([...refs.values()].flatMap((r) => [...r.pageUrls]))];
  const linked = new Map(
    (
      await inChunks(urls, (chunk) =>
        ctx.db
          .selectFrom('content_items')
          .select(['content_id', 'page_url'])
          .where('site_id', '=', siteId)
          .where('page_url', 'in', chunk)
          .execute(),
      )
    ).map((row) => [row.page_url, row.content_id]),
  );
  for (const v of versions) {
    const r = refs.get(`${v.content_id}#${v.version}`);
    if (!r) continue;
    for (const id of r.content) need(`content:${id}`, v.content_id);
    for (const url of r.pageUrls) {
      const target = linked.get(url);
      if (target && target !== v.content_id) need(`content:${target}`, v.content_id);
    }
    for (const id of r.microapps) need(`microapp:${id}`, v.content_id);
  }
  return fresh;
}

/** The needed items (by key) delivery would not show, without `needed_by` (filled in later). */
async function resolve(
  ctx: OpContext,
  siteId: string,
  keys: string[],
  now: Date,
): Promise<Dependency[]> {
  const contentIds = keys.filter((k) => k.startsWith('content:')).map((k) => k.slice(8));
  const instanceIds = keys.filter((k) => k.startsWith('microapp:')).map((k) => k.slice(9));
  const [items, rows, instances] = await Promise.all([
    inChunks(contentIds, (chunk) =>
      ctx.db
        .selectFrom('content_items')
        .select([
          'content_id',
          'site_id',
          'content_name',
          'content_type_id',
          'locked_by',
          'locked_date',
        ])
        .where('content_id', 'in', chunk)
        .execute(),
    ),
    inChunks(contentIds, (chunk) =>
      ctx.db
        .selectFrom('content_versions')
        .select(['content_id', 'version', 'status_id', 'publish_date', 'unpublish_date'])
        .where('content_id', 'in', chunk)
        .execute(),
    ),
    inChunks(instanceIds, (chunk) =>
      ctx.db
        .selectFrom('microapp_instances')
        .select('instance_id')
        .where('instance_id', 'in', chunk)
        .execute(),
    ),
  ]);
  const itemById = new Map(items.map((i) => [i.content_id, i]));
  const versionsById = new Map<string, typeof rows>();
  for (const row of rows) {
    let list = versionsById.get(row.content_id);
    if (!list) versionsById.set(row.content_id, (list = []));
    list.push(row);
  }

  const out: Dependency[] = [];
  for (const id of contentIds) {
    const item = itemById.get(id);
    const base = { kind: 'content' as const, id, needed_by: [] };
    if (!item) {
      out.push({
        ...base,
        name: 'Deleted item',
        content_type_id: null,
        status: 'missing',
        publish_date: null,
        version: null,
        can_include: false,
        reason: 'The item no longer exists: remove the reference',
      });
      continue;
    }
    // As the publish leaves them: the site's staged versions published (newest first).
    const promoted = item.site_id === siteId ? ['staged', 'published'] : ['published'];
    const versionsOf = (versionsById.get(id) ?? []).sort((a, b) => b.version - a.version);
    const after = versionsOf.filter((r) => promoted.includes(r.status_id));
    if (after.some((r) => isLive(r, now))) continue;
    const coming = after.find((r) => isAhead(r, now));
    const newest = versionsOf[0];
    const status: DependencyStatus = coming ? 'scheduled' : 'unpublished';
    const version = coming ?? (newest?.status_id !== 'published' ? newest : undefined);
    const info = {
      ...base,
      name: item.content_name,
      content_type_id: item.content_type_id,
      status,
      publish_date: coming?.publish_date ?? null,
      version: version?.version ?? null,
    };
    const refused = await refusal(ctx, item, version !== undefined, status);
    out.push({
      ...info,
      can_include: refused === null,
      reason: refused?.reason ?? null,
      refusal: refused?.code,
    });
  }
  const known = new Set(instances.map((i) => i.instance_id));
  for (const id of instanceIds) {
    if (known.has(id)) continue;
    out.push({
      kind: 'microapp',
      id,
      name: 'Deleted micro-app instance',
      content_type_id: null,
      status: 'missing',
      publish_date: null,
      version: null,
      needed_by: [],
      can_include: false,
      reason: 'The micro-app instance no longer exists: remove it from the page',
    });
  }
  return out;
}

/** Ids per query: far below SQLite's and PostgreSQL's limits on bound values. */
const ID_CHUNK = 1000;

/** `query` over `ids` in chunks, the rows put together (no query for no ids). */
async function inChunks<T>(ids: string[], query: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK)
    out.push(...(await query(ids.slice(i, i + ID_CHUNK))));
  return out;
}

/** A version whose publish date lies after `now`, and that comes down after it goes live. */
function isAhead(row: { publish_date: string; unpublish_date: string }, now: Date): boolean {
  const starts = publishDateMoment(row.publish_date);
  const ends = publishDateMoment(row.unpublish_date);
  return starts != null && starts > now.getTime() && (ends == null || ends > starts);
}

/** Why the actor may not include the item in the publish; null when they may. */
async function refusal(
  ctx: OpContext,
  item: { content_id: string; locked_by: string | null; locked_date: string | null },
  hasVersion: boolean,
  status: DependencyStatus,
): Promise<{ reason: string; code: 'FORBIDDEN' | 'CONFLICT' } | null> {
  if (!hasVersion)
    return {
      reason: 'It has no draft to publish (its unpublish date has passed)',
      code: 'CONFLICT',
    };
  const held = ctx.actor.publishedOnly
    ? []
    : await permissionsOn(ctx.db, ctx.actor, item.content_id);
  if (!hasPermission(held, 'Edit'))
    return { reason: 'You need the Edit permission on this item to publish it', code: 'FORBIDDEN' };
  const holder = withCurrentLock(item).locked_by;
  if (status === 'unpublished' && holder !== null && holder !== ctx.actor.username)
    return { reason: `Locked by ${holder}: it is being edited`, code: 'CONFLICT' };
  return null;
}

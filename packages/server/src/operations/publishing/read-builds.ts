/** Builds by id and per site and target (status, progress, timings, errors). */
import type { SiteMode } from '@canopy/site/data';
import type { BuildRow } from '../../db/schema';
import { fail } from '../../errors';
import type { OpContext } from '../context';
import { requireMode, requireSiteReader } from './guards';

export type BuildStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface BuildView extends Omit<BuildRow, 'mode' | 'status'> {
  // The builds table holds only these values in its text columns.
  mode: SiteMode;
  status: BuildStatus;
  /** Milliseconds from start to finish (or to now while running). */
  duration_ms: number | null;
}

export function viewOf(row: BuildRow): BuildView {
  const start = row.started_date ? Date.parse(row.started_date) : null;
  const end = row.finished_date ? Date.parse(row.finished_date) : Date.now();
  return {
    ...row,
    mode: row.mode as SiteMode,
    status: row.status as BuildStatus,
    duration_ms: start === null ? null : end - start,
  };
}

/**
 * The rows as they stand now: the build service records failed a build whose job the shared
 * queue gave up on (BuildService.settled).
 */
export type Settle = (rows: BuildRow[]) => Promise<BuildRow[]>;

const asRead: Settle = async (rows) => rows;

export async function getBuild(
  ctx: OpContext,
  buildId: string,
  settle: Settle = asRead,
): Promise<BuildView> {
  const row = await ctx.db
    .selectFrom('builds')
    .selectAll()
    .where('build_id', '=', buildId)
    .executeTakeFirst();
  if (!row) fail('NOT_FOUND', `Build ${buildId} was not found`);
  await requireSiteReader(ctx.db, ctx.actor, row.site_id);
  const [settled] = await settle([row]);
  return viewOf(settled!);
}

export async function listBuilds(
  ctx: OpContext,
  siteId: string,
  mode: string | undefined,
  settle: Settle = asRead,
  limit = 50,
): Promise<BuildView[]> {
  await requireSiteReader(ctx.db, ctx.actor, siteId);
  const rows = await ctx.db
    .selectFrom('builds')
    .selectAll()
    .where('site_id', '=', siteId)
    .$if(mode !== undefined, (q) => q.where('mode', '=', requireMode(mode!)))
    .orderBy('queued_date', 'desc')
    .limit(limit)
    .execute();
  return (await settle(rows)).map(viewOf);
}

/**
 * Scheduled changes: every interval, any site where a publish or unpublish date passed since the
 * last look gets a delivery build, so the page appears or disappears with no one pressing Publish.
 * A change is built once however many instances look: one instance at a time looks (a PostgreSQL
 * advisory lock, when the build queue is shared), and a site whose delivery build was requested after the change needs none.
 */
import { isDefaultDate } from '@canopy/core';
import type { Db } from '../db/index';
import { withAdvisoryLock } from '../db/dialects/postgres/session';
import { datedVersions, dateMs } from '../repositories/dated-versions';
import type { BuildService } from './builds';

/** The advisory lock's key: any number no other part of Canopy uses. */
const SCHEDULER_LOCK = 7_264_001;

export function startScheduler(
  db: Db,
  builds: BuildService,
  intervalMs: number,
  log: (e: unknown) => void,
) {
  let last = Date.now();
  let running = false;
  const look = async (db: Db, now: number) => {
    const sites = new Map<string, number>();
    for (const v of await datedVersions(db)) {
      if (v.status_id !== 'published' || !v.site_id) continue;
      for (const date of [v.publish_date, v.unpublish_date]) {
        if (isDefaultDate(date)) continue;
        const at = dateMs(date);
        if (at > last && at <= now) sites.set(v.site_id, Math.max(at, sites.get(v.site_id) ?? 0));
      }
    }
    for (const [siteId, at] of sites) {
      const latest = await db
        .selectFrom('builds')
        .select((eb) => eb.fn.max('queued_date').as('queued'))
        .where('site_id', '=', siteId)
        .where('mode', '=', 'delivery')
        .executeTakeFirst();
      if (latest?.queued && Date.parse(String(latest.queued)) >= at) continue;
      await builds.enqueue({
        siteId,
        mode: 'delivery',
        definitionId: '263',
        buildType: 'both',
        requestedBy: 'scheduler',
      });
    }
    last = now;
  };
  const tick = async () => {
    if (running) return;
    running = true;
    const now = Date.now();
    try {
      if (!builds.queue.shared) await look(db, now);
      // Another instance holding the lock is looking: this one looks next time.
      else await withAdvisoryLock(db, SCHEDULER_LOCK, (connection) => look(connection, now));
    } catch (error) {
      log(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

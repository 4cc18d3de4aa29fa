/**
 * Scheduled changes: every interval, any site where a publish or unpublish date passed since the
 * last look gets a delivery build, so the page appears or disappears with no one pressing Publish.
 */
import { isDefaultDate } from '@canopy/core';
import type { Db } from '../db/index';
import { datedVersions, dateMs } from '../operations/publishing/list-scheduled';
import type { BuildService } from './builds';

export function startScheduler(
  db: Db,
  builds: BuildService,
  intervalMs: number,
  log: (e: unknown) => void,
) {
  let last = Date.now();
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    const now = Date.now();
    try {
      const sites = new Set<string>();
      for (const v of await datedVersions(db)) {
        if (v.status_id !== 'published' || !v.site_id) continue;
        for (const date of [v.publish_date, v.unpublish_date]) {
          if (isDefaultDate(date)) continue;
          const at = dateMs(date);
          if (at > last && at <= now) sites.add(v.site_id);
        }
      }
      for (const siteId of sites) {
        await builds.enqueue({
          siteId,
          mode: 'delivery',
          definitionId: '263',
          buildType: 'both',
          requestedBy: 'scheduler',
        });
      }
      last = now;
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

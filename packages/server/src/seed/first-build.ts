/**
 * The first start's first build of each site's delivery target, run in the seed's own process
 * (`canopy seed`): its render threads (about 50 MB each) and the build's reads never live in the
 * server, which then starts with every site built and idles as after a restart.
 */
import { join } from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/index';
import type { Storage } from '../storage/index';
import { BuildService } from '../publishing/builds';
import { Renderer } from '../publishing/renderer';

export async function buildFirstTargets(db: Db, storage: Storage, config: Config): Promise<void> {
  const { publishing } = config;
  if (!publishing.buildOnStart) return;
  const renderer = new Renderer(
    join(config.dataDir, '.cache'),
    publishing.siteComponents,
    publishing.renderThreads,
  );
  const builds = new BuildService(db, storage, renderer, publishing);
  try {
    await builds.buildUnbuiltSites();
    await builds.idle();
  } finally {
    await builds.close();
  }
}

/** Set-up shared by the publishing tests: the demo site on a test app, edits, publishing. */
import { expect } from 'vitest';
import type { Config } from '../../src/config';
import type { DialectName } from '../../src/db/index';
import { loadPublishingConfig, type PublishingConfig } from '../../src/publishing/config';
import { seedDemoContent, DEMO_SITE_ID } from '../../src/seed/content';
import { seedTemplates } from '../../src/seed/templates';
import { startApp, type TestApp } from '../harness';
import { stageFieldChange } from './stage';

export { DEMO_SITE_ID };

export async function startDemo(
  dialect: DialectName,
  publishing: Partial<PublishingConfig> = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const t = await startApp(dialect, {
    publishing: {
      ...loadPublishingConfig({}),
      buildOnStart: false,
      warmRenderThreads: false,
      renderThreads: 1,
      ...publishing,
    },
    ...overrides,
  });
  await seedTemplates(t.db);
  await seedDemoContent(t.db);
  return t;
}

/** The content id of the demo page with this Page URL (or item with this name). */
export async function contentIdOf(t: TestApp, pageUrlOrName: string): Promise<string> {
  const row = await t.db
    .selectFrom('content_items')
    .select('content_id')
    .where((eb) =>
      eb.or([eb('page_url', '=', pageUrlOrName), eb('content_name', '=', pageUrlOrName)]),
    )
    .where('site_id', '=', DEMO_SITE_ID)
    .executeTakeFirstOrThrow();
  return row.content_id;
}

/** A new draft of the newest published version with one field changed, pushed to staging. */
export function stageChange(
  t: TestApp,
  contentId: string,
  templateBlockId: string,
  value: string,
): Promise<number> {
  return stageFieldChange(t.db, contentId, templateBlockId, value);
}

/** Publishes over the API and waits for the build; returns the finished build. */
export async function publishAndWait(t: TestApp, mode: 'delivery' | 'preview' = 'delivery') {
  const response = await t.request({
    method: 'POST',
    url: '/api/releases',
    payload: { mode, site_id: DEMO_SITE_ID },
  });
  expect(response.statusCode, response.body).toBe(202);
  const { build_id } = response.json() as { build_id: string };
  await t.app.publishing.idle();
  return (await t.request({ method: 'GET', url: `/api/builds/${build_id}` })).json() as {
    build_id: string;
    status: string;
    pages_total: number;
    pages_done: number;
    pages_rendered: number;
    error: string | null;
  };
}

export async function deliveryHashes(t: TestApp): Promise<Record<string, string>> {
  const manifest = await t.app.publishing.currentManifest(DEMO_SITE_ID, 'delivery');
  return Object.fromEntries(Object.entries(manifest?.pages ?? {}).map(([url, p]) => [url, p.hash]));
}

export function changedUrls(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after })
    .filter((url) => before[url] !== after[url])
    .sort();
}

/** A build of the demo's delivery target recorded as running, `done` of its 11 pages made. */
export async function insertRunningBuild(t: TestApp, buildId: string, done: number) {
  const now = new Date().toISOString();
  await t.db
    .insertInto('builds')
    .values({
      build_id: buildId,
      site_id: DEMO_SITE_ID,
      mode: 'delivery',
      build_definition_id: '263',
      build_type: 'both',
      status: 'running',
      release_id: null,
      requested_by: 'admin',
      queued_date: now,
      started_date: now,
      finished_date: null,
      pages_total: 11,
      pages_done: done,
      pages_rendered: done,
      error: null,
    })
    .execute();
}

/**
 * Publishing's server state (§7 Publishing): publishable items per site and mode, the site's
 * targets, builds per site, scheduled changes per site, publishing itself, a build's live progress
 * (its event stream, read through `@canopy/ui`'s raw calls) and the preview session.
 */
import { queryOptions } from '@tanstack/react-query';
import { publishDateMoment } from '@canopy/core';
import { readBuildEvents, type BuildReply, type JsonReply as Reply } from '@canopy/ui';
import { api, replyOf } from '../api';

export type PublishableItems = Reply<'/api/releases/publishableitems/{id}', 'get'>;
export type PublishableContent = PublishableItems['content'][number];
export type PublishableTemplate = PublishableItems['templates'][number];
/** Something the content to publish references that Delivery would not show. */
export type PublishDependency = PublishableItems['dependencies'][number];
export type PublishResult = Reply<'/api/releases', 'post', 202>;
export type Build = BuildReply;
export type BuildStatus = Build['status'];
export type PublishMode = Build['mode'];
export type SiteTargets = Reply<'/api/releases/targets', 'get'>;
export type TargetLink = SiteTargets[PublishMode];
/** A version whose publish date ('publish') or unpublish date ('unpublish') is still to come. */
export type ScheduledChange = Reply<'/api/releases/scheduled', 'get'>[number];

export const MODE_LABELS: Record<PublishMode, string> = {
  preview: 'Preview',
  delivery: 'Delivery',
};

/** §9: the build definition sent when publishing, and §4: the build type. */
export const BUILD_DEFINITION_ID = '263';
export const BUILD_TYPE = 'both';

export { PUBLISH_TEXTS } from '@canopy/ui';

/** What each target shows, in one sentence (the publish dialog and the Builds panel). */
export const TARGET_TEXTS: Record<PublishMode, string> = {
  delivery:
    'Delivery shows everyone the published versions, as of its last build (each publish to Delivery or scheduled date).',
  preview:
    'Preview shows signed-in readers the latest publishable versions as of the last publish to Preview; drafts are seen live in the page editor.',
};

/** How often the server's scheduler looks for passed dates (CANOPY_SCHEDULER_INTERVAL's default). */
export const SCHEDULER_INTERVAL_MS = 20_000;

export const isFinished = (status: BuildStatus) => status === 'succeeded' || status === 'failed';

export const publishableQuery = (siteId: string, mode: PublishMode) =>
  queryOptions({
    queryKey: ['publishable', siteId, mode],
    queryFn: async () =>
      replyOf(
        await api().GET('/api/releases/publishableitems/{id}', {
          params: { path: { id: siteId }, query: { mode } },
        }),
      ),
    staleTime: 0,
  });

export const targetsQuery = (siteId: string) =>
  queryOptions({
    queryKey: ['targets', siteId],
    queryFn: async () =>
      replyOf(await api().GET('/api/releases/targets', { params: { query: { site_id: siteId } } })),
    staleTime: Infinity,
  });

export const buildsQuery = (siteId: string) =>
  queryOptions({
    queryKey: ['builds', siteId],
    queryFn: async () =>
      replyOf(await api().GET('/api/builds', { params: { query: { site_id: siteId } } })),
    staleTime: 0,
    // Live while anything is queued or running.
    refetchInterval: (query) =>
      query.state.data?.some((build) => !isFinished(build.status)) ? 1000 : false,
  });

const momentOf = (change: ScheduledChange) => publishDateMoment(change.date) ?? 0;

/** The site's scheduled changes, soonest first; refreshed at the scheduler's pace while shown. */
export const scheduledQuery = (siteId: string) =>
  queryOptions({
    queryKey: ['scheduled', siteId],
    queryFn: async () =>
      replyOf(
        await api().GET('/api/releases/scheduled', { params: { query: { site_id: siteId } } }),
      ).sort((a, b) => momentOf(a) - momentOf(b)),
    staleTime: 0,
    refetchInterval: SCHEDULER_INTERVAL_MS,
  });

/**
 * Publishes a site to a mode with build type 'both' and build definition '263', with the
 * referenced items to include (delivery).
 */
export async function publishSite(siteId: string, mode: PublishMode, include: string[] = []) {
  return replyOf(
    await api().POST('/api/releases', {
      body: {
        mode,
        site_id: siteId,
        build_definition_id: BUILD_DEFINITION_ID,
        build_type: BUILD_TYPE,
        ...(include.length > 0 && { include }),
      },
    }),
  );
}

/**
 * Follows a build's events until it ends or `signal` aborts; each event is the whole build.
 * Falls back to polling when the stream breaks.
 */
export async function watchBuild(
  buildId: string,
  token: string | null,
  onBuild: (build: Build) => void,
  signal: AbortSignal,
): Promise<void> {
  const seen: { last: Build | null } = { last: null };
  const show = (build: Build) => {
    seen.last = build;
    onBuild(build);
  };
  try {
    await readBuildEvents(buildId, { token, signal }, show);
  } catch (error) {
    if (signal.aborted) return;
    console.error('The build stream broke; polling instead', error);
  }
  while (!signal.aborted && !(seen.last && isFinished(seen.last.status))) {
    const build = replyOf(
      await api().GET('/api/builds/{id}', { params: { path: { id: buildId } } }),
    );
    show(build);
    if (!isFinished(build.status)) await new Promise((done) => setTimeout(done, 1000));
  }
}

/** The preview cookie for this user: it lets the next navigation into preview through. */
export async function startPreviewSession(): Promise<void> {
  const result = await api().POST('/api/preview/session');
  if (!result.response.ok) throw new Error(`Preview is not available (${result.response.status})`);
}

/** A target's address for a page URL, absolute (resolved against this server when relative). */
export function pageAddress(target: TargetLink, pageUrl: string, origin: string): string {
  const base = target.url.replace(/\/$/, '');
  const path = pageUrl === '/' ? '/' : pageUrl;
  return new URL(`${base}${path}`, origin).href;
}

/** /api/preview?pageurl=<the page's full address, encoded> (§2 Routes). */
export function previewHref(pageUrlAddress: string): string {
  return `/api/preview?pageurl=${encodeURIComponent(pageUrlAddress)}`;
}

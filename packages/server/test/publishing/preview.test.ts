/**
 * The preview target: served from what was last published to preview (like delivery, with its
 * ETag), pages not built yet rendered on request from the latest publishable versions, and for
 * every page, built or not, only to a signed-in reader with Read on it, never cached by shared
 * caches nor framed by other origins.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { formatPublishDate } from '@canopy/core';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { TargetStore } from '../../src/publishing/store';
import { DIALECTS, type TestApp } from '../harness';
import { contentIdOf, DEMO_SITE_ID, publishAndWait, stageChange, startDemo } from './helpers';

const PAGE = DEMO_TEMPLATES.blocks.page;

describe.each(DIALECTS)('the preview target (%s)', (dialect) => {
  let t: TestApp;
  let team: string;
  let consulting: string;
  let support: string;
  let cookie: string;
  // Storage of its own: on PostgreSQL the harness shares one data folder between suites.
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-preview-'));
  beforeAll(async () => {
    t = await startDemo(dialect, {}, { dataDir });
    team = await contentIdOf(t, '/about/team');
    consulting = await contentIdOf(t, '/services/consulting');
    support = await contentIdOf(t, '/services/support');
    cookie = await previewCookie('admin');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The preview cookie of a signed-in user, as the admin gets it before opening preview. */
  async function previewCookie(username: string): Promise<string> {
    const session = await t.request({ method: 'POST', url: '/api/preview/session', as: username });
    expect(session.statusCode).toBe(204);
    return String(session.headers['set-cookie']).split(';')[0]!;
  }

  const open = (url: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ url, headers });

  const heading = (page: LightMyRequestResponse) => /<h1[^>]*>([^<]*)<\/h1>/.exec(page.body)?.[1];

  /** What the preview bar says. */
  const bar = (page: LightMyRequestResponse) =>
    /<div class="cn-preview-bar" role="status"><span><strong>Preview<\/strong> ([^<]*)<\/span>/.exec(
      page.body,
    )?.[1];

  const expectPrivate = (page: LightMyRequestResponse) => {
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  };

  it('renders on request from the latest publishable version before any publish to preview', async () => {
    await stageChange(t, team, PAGE.title, 'Team, staged first');
    expect(await t.app.publishing.currentManifest(DEMO_SITE_ID, 'preview')).toBeUndefined();
    const page = await open('/preview/about/team');
    expect(page.statusCode).toBe(200);
    expect(heading(page)).toBe('Team, staged first');
    expect(bar(page)).toBe(
      'the latest publishable version (not published to preview yet), as Admin Tester sees it',
    );
    expect(page.body).toContain('Exit preview');
    // The administrator may edit it: the bar links to the page in the page editor.
    expect(page.body).toContain(`<a href="/admin/page-editor/${team}">Edit this page</a>`);
    expect(page.headers.etag).toBeUndefined();
    expectPrivate(page);
  });

  it('serves what was published to preview; a later staged change waits for the next publish', async () => {
    const first = await publishAndWait(t, 'preview');
    expect(first.status).toBe('succeeded');
    const manifest = (await t.app.publishing.currentManifest(DEMO_SITE_ID, 'preview'))!;
    const built = await open('/preview/about/team');
    expect(built.statusCode).toBe(200);
    expect(heading(built)).toBe('Team, staged first');
    expect(bar(built)).toBe(
      `what was published to preview on ${formatPublishDate(manifest.created)} UTC`,
    );
    expect(built.body).toContain(
      `<a href="/api/preview/exit?to=${encodeURIComponent('/about/team')}">Exit preview</a>`,
    );
    expect(built.body).toContain('href="/preview/about"');
    expect(built.body).toContain(`<a href="/admin/page-editor/${team}">Edit this page</a>`);
    expectPrivate(built);
    const etag = String(built.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const unchanged = await open('/preview/about/team', { cookie, 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expectPrivate(unchanged);

    // A change staged after the publish: not on preview until the next publish to preview.
    const careers = await contentIdOf(t, '/careers');
    const careersBefore = await open('/preview/careers');
    expect(heading(careersBefore)).toBe('Careers');
    await stageChange(t, careers, PAGE.title, 'Careers, staged later');
    const meanwhile = await open('/preview/careers');
    expect(heading(meanwhile)).toBe('Careers');
    expect(meanwhile.body).not.toContain('Careers, staged later');
    expect(meanwhile.headers.etag).toBe(careersBefore.headers.etag);
    const cached = { cookie, 'if-none-match': String(careersBefore.headers.etag) };
    expect((await open('/preview/careers', cached)).statusCode).toBe(304);

    expect((await publishAndWait(t, 'preview')).status).toBe('succeeded');
    const next = await open('/preview/careers', cached);
    expect(next.statusCode).toBe(200);
    expect(heading(next)).toBe('Careers, staged later');
    expect(next.headers.etag).not.toBe(careersBefore.headers.etag);
    // Delivery still shows the published version.
    expect(heading(await t.app.inject({ url: '/careers' }))).toBe('Careers');
  });

  it('a page made publishable after the last publish to preview renders on request until the next', async () => {
    // Contact had only a draft: the preview build holds no page at its address.
    const contact = await contentIdOf(t, '/contact');
    await t.db
      .updateTable('content_versions')
      .set({ status_id: 'staged' })
      .where('content_id', '=', contact)
      .execute();
    const manifest = (await t.app.publishing.currentManifest(DEMO_SITE_ID, 'preview'))!;
    expect(manifest.pages['/contact']).toBeUndefined();
    const page = await open('/preview/contact');
    expect(page.statusCode).toBe(200);
    expect(heading(page)).toBe('Contact us');
    expect(bar(page)).toMatch(/^the latest publishable version/);
    expectPrivate(page);
  });

  it('switches at once: every page of the old build until the switch, every page of the new after', async () => {
    await stageChange(t, consulting, PAGE.title, 'Consulting, staged');
    await stageChange(t, support, PAGE.title, 'Support, staged');
    const headings = async () => [
      heading(await open('/preview/services/consulting')),
      heading(await open('/preview/services/support')),
    ];
    expect(await headings()).toEqual(['Consulting', 'Support']);
    // The build pauses just before its switch, with its packs and manifest all written.
    let reached!: () => void;
    const atSwitch = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const setCurrent = TargetStore.prototype.setCurrent;
    vi.spyOn(TargetStore.prototype, 'setCurrent').mockImplementation(async function (
      this: TargetStore,
      buildId: string,
    ) {
      reached();
      await released;
      return setCurrent.call(this, buildId);
    });
    const publish = publishAndWait(t, 'preview');
    await atSwitch;
    expect(await headings()).toEqual(['Consulting', 'Support']);
    release();
    expect((await publish).status).toBe('succeeded');
    expect(await headings()).toEqual(['Consulting, staged', 'Support, staged']);
  });

  it('answers 401 without the preview cookie, for built pages and others alike', async () => {
    for (const url of ['/preview/about/team', '/preview/', '/preview/no-such-page']) {
      const page = await open(url, {});
      expect(page.statusCode, url).toBe(401);
      expect(page.body).not.toContain('Team, staged first');
      expect(page.headers.etag).toBeUndefined();
    }
    const forged = await open('/preview/about/team', { cookie: `${cookie.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(401);
    expect(forged.body).not.toContain('Team, staged first');
  });

  it('answers 404 for a built page the reader may not read, as for an address with no page', async () => {
    await t.db
      .insertInto('roles')
      .values({ role_id: 'readers', role_name: 'Readers', role_rank: 10, is_admin: 0 })
      .execute();
    const home = await contentIdOf(t, '/');
    const granted = await t.request({
      method: 'PUT',
      url: '/api/permissions/readers',
      payload: { [home]: { Read: { permission: 1 } }, [team]: { Read: { permission: 0 } } },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    await t.tokenFor('reader', ['readers']);
    const reader = await previewCookie('reader');
    const manifest = (await t.app.publishing.currentManifest(DEMO_SITE_ID, 'preview'))!;
    expect(manifest.pages['/about/team']?.content_id).toBe(team);

    const about = await open('/preview/about', { cookie: reader });
    expect(about.statusCode).toBe(200);
    // Read alone: no way into the page editor from the bar.
    expect(about.body).toContain('Exit preview');
    expect(about.body).not.toContain('Edit this page');
    const hidden = await open('/preview/about/team', { cookie: reader });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Team, staged first');
    expect(hidden.headers.etag).toBeUndefined();
    expectPrivate(hidden);
    const nothing = await open('/preview/no-such-page', { cookie: reader });
    expect(nothing.statusCode).toBe(404);
    expect(bar(hidden)).toBe('no publishable page you may read has this address');
    expect(hidden.body).toBe(
      nothing.body.replace(encodeURIComponent('/no-such-page'), encodeURIComponent('/about/team')),
    );
  });
});

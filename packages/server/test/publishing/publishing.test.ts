/**
 * Publishing on the demo site: publishable items per mode, publish to delivery promoting exactly
 * the staged versions, what delivery and preview show, builds by id, and the release record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { targetLinks } from '../../src/publishing/config';
import { DIALECTS, type TestApp } from '../harness';
import { contentIdOf, DEMO_SITE_ID, publishAndWait, stageChange, startDemo } from './helpers';

const PAGE = DEMO_TEMPLATES.blocks.page;
const ABOUT_DRAFT = 'Who we are, how we work, and where we are going.';

describe.each(DIALECTS)('publishing (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemo(dialect);
  });
  afterAll(() => t.close());

  const publishable = async (mode: string) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/releases/publishableitems/${DEMO_SITE_ID}?mode=${mode}`,
      })
    ).json() as {
      content: { content_name: string; version: number; status_id: string }[];
      templates: unknown[];
      last_published: { mode: string; date: string } | null;
    };

  it('lists the staged content as publishable to delivery and preview, with no release yet', async () => {
    for (const mode of ['delivery', 'preview']) {
      const items = await publishable(mode);
      expect(items.content.map((c) => [c.content_name, c.version, c.status_id])).toEqual([
        ['Services', 2, 'staged'],
      ]);
      expect(items.templates).toEqual([]);
      expect(items.last_published).toBeNull();
    }
    const bySite = await t.request({
      method: 'GET',
      url: `/api/releases/publishableitems?site_id=${DEMO_SITE_ID}&mode=delivery`,
    });
    expect(bySite.json().content).toHaveLength(1);
  });

  it('refuses an unknown mode and a caller without Edit on the site', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/releases',
      payload: { mode: 'production', site_id: DEMO_SITE_ID },
    });
    expect(bad.statusCode).toBe(400);
    const reader = await t.request({
      method: 'POST',
      url: '/api/builds',
      payload: { mode: 'delivery', site_id: DEMO_SITE_ID },
      as: 'nobody',
    });
    expect(reader.statusCode).toBe(403);
  });

  it('delivery never shows drafts or staged versions before a publish', async () => {
    const build = await publishAndWait(t, 'preview');
    expect(build.status).toBe('succeeded');
    // Publish to preview promotes nothing: Services v2 is still staged.
    expect((await publishable('delivery')).content).toHaveLength(1);
    const about = await t.app.inject({ url: '/about' });
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('Who we are and how we work.');
    expect(about.body).not.toContain(ABOUT_DRAFT);
    // Contact has only a draft: not on delivery, and the site's 404 page answers.
    const contact = await t.app.inject({ url: '/contact' });
    expect(contact.statusCode).toBe(404);
    expect(contact.body).toContain('We could not find that page');
    expect(contact.body).toContain('Canopy Corp');
  });

  it('publish to delivery promotes exactly the staged versions, records a release and builds', async () => {
    const services = await contentIdOf(t, '/services');
    const team = await contentIdOf(t, '/about/team');
    await stageChange(t, team, PAGE.title, 'The team behind Canopy');
    const before = await t.db
      .selectFrom('content_versions')
      .select(['content_id', 'version', 'status_id'])
      .execute();
    const build = await publishAndWait(t);
    expect(build).toMatchObject({
      status: 'succeeded',
      pages_total: 11,
      pages_done: 11,
      error: null,
    });
    const after = await t.db
      .selectFrom('content_versions')
      .select(['content_id', 'version', 'status_id'])
      .execute();
    const changed = after.filter(
      (row) =>
        before.find((b) => b.content_id === row.content_id && b.version === row.version)
          ?.status_id !== row.status_id,
    );
    expect(changed.map((r) => [r.content_id, r.version, r.status_id]).sort()).toEqual(
      [
        [services, 2, 'published'],
        [team, 2, 'published'],
      ].sort(),
    );
    const team200 = await t.app.inject({ url: '/about/team' });
    expect(team200.body).toContain('The team behind Canopy');
    // The About draft is still a draft, and still not delivered.
    expect((await t.app.inject({ url: '/about' })).body).not.toContain(ABOUT_DRAFT);

    const items = await publishable('delivery');
    expect(items.content).toEqual([]);
    expect(items.last_published).toMatchObject({ mode: 'delivery' });
    const releases = await t.request({
      method: 'GET',
      url: `/api/releases?site_id=${DEMO_SITE_ID}&mode=delivery`,
    });
    expect(releases.json()[0]).toMatchObject({
      released_by: 'admin',
      build_id: build.build_id,
      items: { content: expect.arrayContaining([{ content_id: team, version: 2 }]) },
    });
    const list = await t.request({
      method: 'GET',
      url: `/api/builds?site_id=${DEMO_SITE_ID}&mode=delivery`,
    });
    expect(list.json()[0]).toMatchObject({ build_id: build.build_id, status: 'succeeded' });
  });

  it('answers 404 for an unknown build and keeps reserved paths out of the site', async () => {
    const missing = await t.request({
      method: 'GET',
      url: '/api/builds/7e000000-0000-4000-8000-0000000fffff',
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/nothing-here' })).headers['content-type']).toContain(
      'application/json',
    );
    const css = await t.app.inject({ url: '/_canopy/site.css' });
    expect(css.headers['content-type']).toContain('text/css');
    // A malformed escape is bad input, not a server error.
    expect((await t.app.inject({ url: '/about%E0%A4%A' })).statusCode).toBe(400);
  });

  it("tells where the site's targets are served, to readers of the site only", async () => {
    const targets = await t.request({
      method: 'GET',
      url: `/api/releases/targets?site_id=${DEMO_SITE_ID}`,
    });
    expect(targets.json()).toEqual({
      delivery: { url: '/', base_path: '/', hosts: [] },
      preview: { url: '/preview', base_path: '/preview', hosts: [] },
    });
    const nobody = await t.request({
      method: 'GET',
      url: `/api/releases/targets?site_id=${DEMO_SITE_ID}`,
      as: 'nobody',
    });
    expect(nobody.statusCode).toBe(403);
    const bad = await t.request({ method: 'GET', url: '/api/releases/targets?site_id=demo' });
    expect(bad.statusCode).toBe(400);
    // A target on its own host name is linked absolutely, with the public URL's protocol.
    const config = {
      ...t.app.publishing.config,
      sites: { [DEMO_SITE_ID]: { preview: { hosts: ['preview.example.com'], basePath: 'beta/' } } },
    };
    expect(targetLinks(config, 'https://cms.example.com', DEMO_SITE_ID).preview).toEqual({
      url: 'https://preview.example.com/beta',
      base_path: '/beta',
      hosts: ['preview.example.com'],
    });
  });

  it('preview: nothing unpublished without a signed-in reader; what was published to preview with one', async () => {
    const about = await contentIdOf(t, '/about');
    // A staged version newer than the published one, published to preview: preview shows it,
    // delivery does not.
    await t.db
      .updateTable('content_versions')
      .set({ status_id: 'staged' })
      .where('content_id', '=', about)
      .where('version', '=', 2)
      .execute();
    expect((await publishAndWait(t, 'preview')).status).toBe('succeeded');
    const anonymous = await t.app.inject({ url: '/preview/about' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(ABOUT_DRAFT);
    const noReader = await t.app.inject({
      url: `/api/preview?pageurl=${encodeURIComponent('http://localhost:3000/about')}`,
    });
    expect(noReader.statusCode).toBe(401);

    const session = await t.request({ method: 'POST', url: '/api/preview/session' });
    expect(session.statusCode).toBe(204);
    const cookie = String(session.headers['set-cookie']).split(';')[0]!;
    const enter = await t.app.inject({
      url: `/api/preview?pageurl=${encodeURIComponent('http://localhost:3000/about')}`,
      headers: { cookie },
    });
    expect(enter.statusCode).toBe(302);
    expect(enter.headers.location).toBe('/preview/about');
    const page = await t.app.inject({ url: '/preview/about', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(ABOUT_DRAFT);
    expect(page.body).toContain('cn-preview-bar');
    expect(page.body).toContain('Exit preview');
    expect(page.body).toContain('href="/preview/about/team"');
    expect((await t.app.inject({ url: '/about' })).body).not.toContain(ABOUT_DRAFT);

    // A forged cookie is nobody.
    const forged = await t.app.inject({
      url: '/preview/about',
      headers: { cookie: `${cookie.slice(0, -3)}abc` },
    });
    expect(forged.statusCode).toBe(401);
    // A user without Read on the page is refused.
    const stranger = await t.request({
      method: 'GET',
      url: `/api/preview?pageurl=${encodeURIComponent('http://localhost:3000/about')}`,
      as: 'stranger',
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('a published-only API key reads no staged or draft page', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/apikeys',
      payload: { name: 'builder', scope: 'published' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const key = (created.json() as { key: string }).key;
    const staged = await t.app.inject({
      url: `/api/latestpublishable/contents?site_id=${DEMO_SITE_ID}&page_url=/about`,
      headers: { 'x-api-key': key },
    });
    expect(staged.statusCode).toBe(403);
    const published = await t.app.inject({
      url: `/api/contents?site_id=${DEMO_SITE_ID}&page_url=/about`,
      headers: { 'x-api-key': key },
    });
    expect(published.json().version).toBe(1);
  });
});

/**
 * Sites in the admin: a site made with a new home page and a host name is served on that host
 * as soon as it is published, and on its new host as soon as that is changed (no restart);
 * CANOPY_SITES still wins and the list says so; addresses are checked; a site is deleted only
 * when nothing but its home refers to it; the list is paged and sorted by the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../harness';
import { contentItem } from '../identity/helpers';
import { DEMO_SITE_ID, startDemo } from '../publishing/helpers';
import { DEMO_TEMPLATE_IDS as T } from '../../src/seed/templates-ids';

describe.each(DIALECTS)('sites in the admin on %s', (dialect) => {
  let t: TestApp;
  let siteId: string;
  let homeId: string;

  beforeAll(async () => {
    t = await startDemo(dialect, {
      sites: { [DEMO_SITE_ID]: { preview: { hosts: ['preview.demo.test'], basePath: '/' } } },
    });
  });
  afterAll(() => t.close());

  const page = (host: string, url = '/') => t.app.inject({ method: 'GET', url, headers: { host } });
  const sites = async (query = '') => {
    const reply = await t.request({ method: 'GET', url: `/api/sites${query}` });
    expect(reply.statusCode, reply.body).toBe(200);
    return { rows: reply.json() as SiteRow[], total: Number(reply.headers['x-total-count']) };
  };

  it('creates a site with a new home page and a host name, served there once published', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/sites',
      payload: {
        site_name: 'Shop',
        home: { template_id: T.page, content_name: 'Shop Home' },
        targets: { delivery: { hosts: ['Shop.Example.com'], base_path: '/' } },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const site = created.json() as SiteRow;
    siteId = site.site_id;
    homeId = site.root!.content_id;
    expect(site).toMatchObject({
      site_name: 'Shop',
      root: { content_name: 'Shop Home', page_url: '/' },
      item_count: 1,
      is_default: false,
      targets: {
        delivery: { hosts: ['shop.example.com'], base_path: '/', source: 'database' },
        preview: { hosts: [], base_path: '/preview', source: 'default' },
      },
    });
    // Nothing published yet: the host names the new site, which has no page.
    expect((await page('shop.example.com')).statusCode).toBe(404);

    const staged = await t.request({
      method: 'PUT',
      url: `/api/contents/${homeId}`,
      payload: { version: 1, status_id: 'staged' },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    const released = await t.request({
      method: 'POST',
      url: '/api/releases',
      payload: { mode: 'delivery', site_id: siteId },
    });
    expect(released.statusCode, released.body).toBe(202);
    await t.app.publishing.idle();

    const home = await page('shop.example.com:8080');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Shop Home');
    // The demo site still answers on any other host.
    const demo = await page('localhost');
    expect(demo.statusCode).toBe(200);
    expect(demo.body).not.toContain('Shop Home');
  });

  it('serves a changed host name and base path at once, without a restart', async () => {
    const changed = await t.request({
      method: 'PUT',
      url: `/api/sites/${siteId}`,
      payload: {
        site_name: 'Web shop',
        targets: { delivery: { hosts: ['www.shop.test'], base_path: '/store/' } },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      site_name: 'Web shop',
      targets: { delivery: { hosts: ['www.shop.test'], base_path: '/store' } },
    });
    expect((await page('www.shop.test', '/store')).body).toContain('Shop Home');
    expect((await page('shop.example.com')).body).not.toContain('Shop Home');
    const stored = await t.db
      .selectFrom('site_targets')
      .selectAll()
      .where('site_id', '=', siteId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      mode: 'delivery',
      hosts: '["www.shop.test"]',
      base_path: '/store',
    });
  });

  it('lets CANOPY_SITES win over a stored target, and says so', async () => {
    const changed = await t.request({
      method: 'PUT',
      url: `/api/sites/${DEMO_SITE_ID}`,
      payload: { targets: { preview: { hosts: ['elsewhere.test'], base_path: '/p' } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().targets.preview).toEqual({
      hosts: ['preview.demo.test'],
      base_path: '/',
      source: 'environment',
    });
  });

  it('refuses addresses that are not addresses or that another target answers', async () => {
    const put = (targets: unknown) =>
      t.request({ method: 'PUT', url: `/api/sites/${siteId}`, payload: { targets } });
    const badHost = await put({ delivery: { hosts: ['https://x.test/'], base_path: '/' } });
    expect(badHost.statusCode).toBe(400);
    expect(badHost.json().message).toBe(
      'The delivery host name "https://x.test/" is not a host name: letters, digits, hyphens and dots, without a protocol, port or path',
    );
    const reserved = await put({ preview: { hosts: [], base_path: '/api/x' } });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe(
      'The preview base path cannot be under /api: Canopy serves it',
    );
    const taken = await put({ delivery: { hosts: ['preview.demo.test'], base_path: '/' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'The delivery target would answer preview.demo.test, which the preview target of Canopy Demo already answers',
    );
    const name = await t.request({
      method: 'PUT',
      url: `/api/sites/${siteId}`,
      payload: { site_name: 'Canopy Demo' },
    });
    expect(name.statusCode).toBe(409);
  });

  it('pages and sorts the list on the server', async () => {
    const first = await sites('?limit=1&sort=site_name&order=desc');
    expect(first.total).toBe(2);
    expect(first.rows.map((s) => s.site_name)).toEqual(['Web shop']);
    const second = await sites('?limit=1&offset=1&sort=site_name&order=desc');
    expect(second.rows.map((s) => s.site_name)).toEqual(['Canopy Demo']);
    const byHost = await sites('?q=www.shop');
    expect(byHost).toMatchObject({ total: 1, rows: [{ site_id: siteId }] });
    const bad = await t.request({ method: 'GET', url: '/api/sites?sort=password' });
    expect(bad.statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const reply = await t.request({ method: 'GET', url: '/api/sites', as: 'erin' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe('Only an administrator can manage sites');
  });

  it('deletes a site only when nothing but its home refers to it', async () => {
    const demo = await t.request({ method: 'DELETE', url: `/api/sites/${DEMO_SITE_ID}` });
    expect(demo.statusCode).toBe(409);
    expect(demo.json().message).toMatch(
      /^The site Canopy Demo cannot be deleted: It holds \d+ items besides its home item; delete or move them first$/,
    );
    const usage = await t.request({ method: 'GET', url: `/api/sites/${siteId}/usage` });
    expect(usage.json()).toMatchObject({
      blocked_by: null,
      removes: {
        home: { content_id: homeId, content_name: 'Shop Home', versions: 1 },
        builds: 1,
        releases: 1,
      },
    });
    const removed = await t.request({ method: 'DELETE', url: `/api/sites/${siteId}` });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await page('www.shop.test', '/store')).body).not.toContain('Shop Home');
    const item = await t.request({ method: 'GET', url: `/api/contents/${homeId}` });
    expect(item.statusCode).toBe(404);
    expect((await sites()).total).toBe(1);
  });

  it('makes a page outside every site the home of a new site, never a page of another site', async () => {
    const landing = await contentItem(t.db, null, 'Landing');
    const made = await t.request({
      method: 'POST',
      url: '/api/sites',
      payload: { site_name: 'Campaign', root_content_id: landing },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      root: { content_id: landing, content_name: 'Landing' },
      item_count: 1,
    });
    const about = await t.db
      .selectFrom('content_items')
      .select('content_id')
      .where('site_id', '=', DEMO_SITE_ID)
      .where('page_url', '=', '/about')
      .executeTakeFirstOrThrow();
    const taken = await t.request({
      method: 'POST',
      url: '/api/sites',
      payload: { site_name: 'About site', root_content_id: about.content_id },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'About belongs to the site Canopy Demo; pick a page outside every site, or make a new home page',
    );
    const both = await t.request({
      method: 'POST',
      url: '/api/sites',
      payload: { site_name: 'Twice', root_content_id: landing, home: { template_id: T.page } },
    });
    expect(both.statusCode).toBe(400);
  });
});

interface SiteRow {
  site_id: string;
  site_name: string;
  root: { content_id: string; content_name: string } | null;
}

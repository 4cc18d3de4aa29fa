/**
 * Micro-apps on the built site: the demo's instance on Home as its custom element (its module
 * loaded once), publishing listing the instances a page uses, and a deleted instance taken off
 * the pages that placed it at the next build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NEWSLETTER_INSTANCE_ID } from '../../src/seed/microapps';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { DIALECTS, type TestApp } from '../harness';
import {
  changedUrls,
  contentIdOf,
  DEMO_SITE_ID,
  deliveryHashes,
  publishAndWait,
  stageChange,
  startDemo,
} from './helpers';

const APP_FIELD = DEMO_TEMPLATES.blocks.page.newsletterApp;

describe.each(DIALECTS)('micro-apps on the site (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemo(dialect);
    expect((await publishAndWait(t)).status).toBe('succeeded');
  });
  afterAll(() => t.close());

  it("renders Home's instance as its element, with its settings, and loads the module once", async () => {
    const html = (await t.app.inject({ url: '/' })).body;
    expect(html).toContain(
      `<canopy-newsletter class="cn-microapp" data-instance="${DEMO_NEWSLETTER_INSTANCE_ID}" heading="The Canopy Corp newsletter"`,
    );
    expect(
      html.match(/<script type="module" src="\/microapps\/newsletter\/1\/newsletter.js">/g),
    ).toHaveLength(1);
  });

  it('lists the instances a page uses when it is publishable and when it is published', async () => {
    const careers = await contentIdOf(t, '/careers');
    const version = await stageChange(t, careers, APP_FIELD, DEMO_NEWSLETTER_INSTANCE_ID);
    const items = await t.request({
      method: 'GET',
      url: `/api/releases/publishableitems/${DEMO_SITE_ID}?mode=delivery`,
    });
    expect(items.json().content).toContainEqual(
      expect.objectContaining({
        content_id: careers,
        version,
        microapp_instances: [DEMO_NEWSLETTER_INSTANCE_ID],
      }),
    );
    const release = await t.request({
      method: 'POST',
      url: '/api/releases',
      payload: { mode: 'delivery', site_id: DEMO_SITE_ID },
    });
    expect(release.statusCode).toBe(202);
    expect(release.json().published).toContainEqual({
      content_id: careers,
      version,
      microapp_instances: [DEMO_NEWSLETTER_INSTANCE_ID],
    });
    await t.app.publishing.idle();
    expect((await t.app.inject({ url: '/careers' })).body).toContain('<canopy-newsletter');
  });

  it('takes a deleted instance off exactly the pages that placed it', async () => {
    const before = await deliveryHashes(t);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/microapps/registeredclientapi/newsletter/${DEMO_NEWSLETTER_INSTANCE_ID}`,
    });
    expect(removed.statusCode).toBe(204);
    const build = await publishAndWait(t);
    expect(build.status).toBe('succeeded');
    expect(changedUrls(before, await deliveryHashes(t))).toEqual(['/', '/careers']);
    const home = (await t.app.inject({ url: '/' })).body;
    expect(home).not.toContain('<canopy-newsletter');
    expect(home).not.toContain('newsletter.js');
  });
});

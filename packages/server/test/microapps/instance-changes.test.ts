/**
 * Changing a micro-app instance (PUT registeredclientapi/{microapp_id}/{instance_id}): its
 * name, version and configuration, who may, bad input, and the site showing the new settings
 * at the next build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NEWSLETTER_INSTANCE_ID } from '../../src/seed/microapps';
import { DIALECTS, type TestApp } from '../harness';
import { publishAndWait, startDemo } from '../publishing/helpers';

const BASE = '/api/microapps';
const DEMO = `${BASE}/registeredclientapi/newsletter/${DEMO_NEWSLETTER_INSTANCE_ID}`;

describe.each(DIALECTS)('changing a micro-app instance on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemo(dialect);
    await t.tokenFor('pat', ['editor', 'portal-editor']);
    await t.tokenFor('ed', ['editor']);
  });
  afterAll(() => t.close());

  const put = (payload: object, as = 'pat', url = DEMO) =>
    t.request({ method: 'PUT', url, payload, as });

  it('replaces the configuration and renames, keeping id, unique name and defaults', async () => {
    const res = await put({
      instance_name: 'Home sign-up',
      configuration: { heading: 'Stay in touch', 'button-label': 'Join' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      instance_id: DEMO_NEWSLETTER_INSTANCE_ID,
      instance_name: 'Home sign-up',
      unique_name: 'newsletter-home-page-sign-up',
      instance_version: '1',
      ad_groups_modify: 'PORTAL-EDITOR',
      status: 0,
      configuration: { heading: 'Stay in touch', 'button-label': 'Join' },
    });
    const listed = await t.request({
      method: 'GET',
      url: `${BASE}/registeredclient/Canopy%20Demo`,
      as: 'ed',
    });
    expect(listed.json()[0].instances[0].configuration).toEqual({
      heading: 'Stay in touch',
      'button-label': 'Join',
    });
  });

  it('shows the new settings on the pages that place the instance at the next build', async () => {
    // A row stored before settings were checked: its handler and style never reach the page.
    await t.db
      .updateTable('microapp_instances')
      .set({
        configuration: JSON.stringify({
          heading: 'Stay in touch',
          'button-label': 'Join',
          onmouseover: 'alert(1)',
          style: 'color: red',
        }),
      })
      .where('instance_id', '=', DEMO_NEWSLETTER_INSTANCE_ID)
      .execute();
    expect((await publishAndWait(t)).status).toBe('succeeded');
    const html = (await t.app.inject({ url: '/' })).body;
    expect(html).toContain('heading="Stay in touch" button-label="Join"');
    expect(html).not.toContain('The Canopy Corp newsletter');
    expect(html).not.toMatch(/onmouseover|alert\(1\)|color: red/);
  });

  it('lets only PORTAL-EDITOR members and administrators change an instance', async () => {
    const ed = await put({ configuration: {} }, 'ed');
    expect(ed.statusCode).toBe(403);
    expect(ed.json().message).toBe(
      'Only members of PORTAL-EDITOR or administrators can create, change or delete micro-app instances',
    );
    const admin = await put({ instance_name: 'Home page sign-up' }, 'admin');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().configuration.heading).toBe('Stay in touch');
  });

  it('refuses a version the micro-app lacks, an empty name and bad settings', async () => {
    const version = await put({ instance_version: '9' });
    expect(version.statusCode).toBe(400);
    expect(version.json().message).toBe(
      'The micro-app "newsletter" has no version "9" (it has "1")',
    );
    const blank = await put({ instance_name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('An instance needs a name');
    for (const [name, message] of [
      ['onclick', '"onclick" cannot name a setting: names starting with "on" are event handlers'],
      ['style', '"style" cannot name a setting: the page sets this attribute itself'],
      [
        'Bad Name',
        '"Bad Name" cannot name a setting: use lower-case letters, digits and hyphens, starting with a letter',
      ],
    ]) {
      const res = await put({ configuration: { heading: 'x', [name!]: 'y' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const created = await t.request({
      method: 'POST',
      url: `${BASE}/registeredclientapi`,
      as: 'pat',
      payload: { microapp_id: 'newsletter', instance_name: 'X', configuration: { onload: 'x' } },
    });
    expect(created.statusCode).toBe(400);
    // The modifier group and status are the server's to set.
    const extra = await put({ status: 3, ad_groups_modify: 'EVERYONE' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('Unknown field "status": remove it or check its spelling');
  });

  it('answers 404 for an instance the micro-app does not have (403 first for others)', async () => {
    const other = `${BASE}/registeredclientapi/newsletter/7e000000-0000-4000-8000-0000000000ff`;
    expect((await put({ configuration: {} }, 'pat', other)).statusCode).toBe(404);
    expect((await put({ configuration: {} }, 'ed', other)).statusCode).toBe(403);
    const wrongApp = `${BASE}/registeredclientapi/loans/${DEMO_NEWSLETTER_INSTANCE_ID}`;
    expect((await put({ configuration: {} }, 'pat', wrongApp)).statusCode).toBe(404);
    const malformed = `${BASE}/registeredclientapi/newsletter/not-a-uuid`;
    expect((await put({ configuration: {} }, 'pat', malformed)).statusCode).toBe(400);
  });
});

/**
 * What a publish to delivery needs: the media, linked pages and micro-app instances the staged
 * versions reference that delivery would not show, listed with the pages that need them and
 * whether the caller may include them; a publish that includes them publishes them too, and
 * refuses what the caller may not include.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIBRARY_ROOT_ID } from '@canopy/core';
import { DEMO_HOME_ID } from '../../src/seed/content';
import { DEMO_NEWSLETTER_INSTANCE_ID } from '../../src/seed/microapps';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { setRolePermissions } from '../../src/operations/permissions/set-role-permissions';
import { SYSTEM_ACTOR } from '../../src/auth/actor';
import { DIALECTS, type TestApp } from '../harness';
import {
  changedUrls,
  contentIdOf,
  DEMO_SITE_ID,
  deliveryHashes,
  publishAndWait,
  startDemo,
} from './helpers';
import { stageFieldChanges } from './stage';

const PAGE = DEMO_TEMPLATES.blocks.page;

interface Dependency {
  kind: string;
  id: string;
  name: string;
  status: string;
  publish_date: string | null;
  version: number | null;
  needed_by: { content_id: string; content_name: string }[];
  can_include: boolean;
  reason: string | null;
}

describe.each(DIALECTS)('publish dependencies (%s)', (dialect) => {
  let t: TestApp;
  let team: string;
  let contact: string;
  let image: string;
  let lockedImage: string;
  const missingApp = DEMO_NEWSLETTER_INSTANCE_ID;
  const address = (id: string) => `/media-library/media/${id}.png`;

  const dependencies = async (as = 'admin', mode = 'delivery') => {
    const res = await t.request({
      method: 'GET',
      url: `/api/releases/publishableitems/${DEMO_SITE_ID}?mode=${mode}`,
      as,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { dependencies: Dependency[] }).dependencies;
  };
  const newImage = async (name: string, as = 'admin') => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contents',
      as,
      payload: {
        parent_id: MEDIA_LIBRARY_ROOT_ID,
        template_id: DEMO_TEMPLATES.templates.image,
        content_name: name,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().content_id as string;
  };
  const publish = (payload: Record<string, unknown>, as = 'admin') =>
    t.request({
      method: 'POST',
      url: '/api/releases',
      as,
      payload: { mode: 'delivery', site_id: DEMO_SITE_ID, ...payload },
    });

  // A data folder of its own: on PostgreSQL the test apps otherwise share the temporary folder,
  // and with it the built sites other test files read while this one publishes.
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-deps-'));
  beforeAll(async () => {
    t = await startDemo(dialect, {}, { dataDir });
    team = await contentIdOf(t, '/about/team');
    contact = await contentIdOf(t, '/contact');
    await t.tokenFor('editor', ['editor']);
    image = await newImage('Team photo');
    lockedImage = await newImage('Office photo', 'editor');
    // Team, staged: a draft image as its hero, a draft page as its related page, another draft
    // image and a link to Contact in its body, and the micro-app instance deleted since.
    await stageFieldChanges(t.db, team, {
      [PAGE.heroImage]: address(image),
      [PAGE.relatedPage]: contact,
      [PAGE.body]: `<p><img src="${address(lockedImage)}" alt=""> <a href="/contact">Write to us</a></p>`,
      [PAGE.newsletterApp]: missingApp,
    });
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/microapps/registeredclientapi/newsletter/${missingApp}`,
    });
    expect(removed.statusCode).toBe(204);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists what the pages on delivery would reference that it would not show, with who needs it', async () => {
    const found = await dependencies();
    const needed = [{ content_id: team, content_name: 'Team' }];
    expect(found).toEqual([
      {
        kind: 'content',
        id: contact,
        name: 'Contact',
        content_type_id: 'page',
        status: 'unpublished',
        publish_date: null,
        version: 1,
        needed_by: needed,
        can_include: true,
        reason: null,
      },
      {
        kind: 'microapp',
        id: missingApp,
        name: 'Deleted micro-app instance',
        content_type_id: null,
        status: 'missing',
        publish_date: null,
        version: null,
        // Home, published, places it too: every page delivery shows is checked.
        needed_by: [{ content_id: DEMO_HOME_ID, content_name: 'Home' }, ...needed],
        can_include: false,
        reason: 'The micro-app instance no longer exists: remove it from the page',
      },
      expect.objectContaining({
        id: lockedImage,
        name: 'Office photo',
        status: 'unpublished',
        can_include: false,
        reason: 'Locked by editor: it is being edited',
      }),
      expect.objectContaining({
        id: image,
        name: 'Team photo',
        content_type_id: 'image',
        status: 'unpublished',
        version: 1,
        needed_by: needed,
        can_include: true,
      }),
    ]);
    // Preview promotes nothing and shows the latest publishable versions: no dependencies.
    expect(await dependencies('admin', 'preview')).toEqual([]);
  });

  it('lists an item whose publish date lies ahead as scheduled', async () => {
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await t.db
      .updateTable('content_versions')
      .set({ publish_date: later, status_id: 'published' })
      .where('content_id', '=', contact)
      .execute();
    const found = (await dependencies()).find((d) => d.id === contact);
    expect(found).toMatchObject({ status: 'scheduled', publish_date: later, version: 1 });
    expect(found?.can_include).toBe(true);
  });

  it('says why a publisher without Edit on the item may not include it, and refuses it', async () => {
    // The author may publish the site here, but only reads the media library.
    await setRolePermissions(t.db, SYSTEM_ACTOR, 'author', {
      [DEMO_HOME_ID]: { Read: { permission: 1 }, Edit: { permission: 1 } },
    });
    await t.tokenFor('author', ['author']);
    const found = (await dependencies('author')).find((d) => d.id === image);
    expect(found).toMatchObject({
      can_include: false,
      reason: 'You need the Edit permission on this item to publish it',
    });
    const refused = await publish({ include: [image] }, 'author');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      '"Team photo" cannot be included: You need the Edit permission on this item to publish it',
    );
    const locked = await publish({ include: [lockedImage] });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(
      '"Office photo" cannot be included: Locked by editor: it is being edited',
    );
    const unrelated = await publish({ include: [DEMO_HOME_ID] });
    expect(unrelated.statusCode).toBe(400);
    expect(unrelated.json().message).toMatch(
      /is not an unpublished item the pages to publish need/,
    );
    const preview = await publish({ mode: 'preview', include: [image] });
    expect(preview.statusCode).toBe(400);
    // Nothing was published by the refused calls.
    expect((await dependencies()).map((d) => d.id)).toContain(image);
  });

  const heroImage = async (mode: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/releases/pagemodels/${DEMO_SITE_ID}?mode=${mode}&page_url=/about/team`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().models[0].fields['Hero Image'];
  };

  it('keeps a draft image off the page on a target: its address is not shown', async () => {
    // Preview shows the staged Team, whose hero is the draft image.
    expect(await heroImage('preview')).toEqual({ value: null, media: null });
  });

  it('publishes the included items with the staged pages; delivery then shows them', async () => {
    const res = await publish({ include: [image, contact] });
    expect(res.statusCode, res.body).toBe(202);
    const { published, release_id } = res.json() as {
      published: { content_id: string; version: number }[];
      release_id: string;
    };
    // The demo's staged Services goes too.
    const services = await contentIdOf(t, '/services');
    const expected = [contact, image, services, team].sort();
    expect(published.map((p) => p.content_id).sort()).toEqual(expected);
    await t.app.publishing.idle();
    const versions = await t.db
      .selectFrom('content_versions')
      .select(['content_id', 'status_id', 'publish_date'])
      .where('content_id', 'in', [image, contact])
      .execute();
    expect(versions.every((v) => v.status_id === 'published')).toBe(true);
    // The scheduled Contact goes live with the release.
    expect(
      Date.parse(versions.find((v) => v.content_id === contact)!.publish_date),
    ).toBeLessThanOrEqual(Date.now());
    const releases = await t.request({
      method: 'GET',
      url: `/api/releases?site_id=${DEMO_SITE_ID}`,
    });
    const release = (
      releases.json() as { release_id: string; items: { content: { content_id: string }[] } }[]
    ).find((r) => r.release_id === release_id);
    expect(release?.items.content.map((c) => c.content_id).sort()).toEqual(expected);
    const page = (await t.app.inject({ url: '/about/team' })).body;
    expect(page).toContain(address(image));
    expect(await heroImage('delivery')).toEqual({ value: address(image), media: address(image) });
    expect((await t.app.inject({ url: '/contact' })).statusCode).toBe(200);
    // Nothing is staged any more; what was left out is still listed, for the published pages.
    expect((await dependencies()).map((d) => d.name)).toEqual([
      'Deleted micro-app instance',
      'Office photo',
    ]);
    expect((await publishAndWait(t)).status).toBe('succeeded');
  });

  it('a publish leaving the image out shows the page without it; the next one offers it again', async () => {
    const later = await newImage('Later photo');
    // The other references are taken out of the new version.
    await stageFieldChanges(t.db, team, {
      [PAGE.heroImage]: address(later),
      [PAGE.body]: '<p>Meet us.</p>',
      [PAGE.newsletterApp]: '',
    });
    const laterOne = async () => (await dependencies()).find((d) => d.id === later);
    expect(await laterOne()).toMatchObject({ status: 'unpublished', can_include: true });
    expect((await publishAndWait(t)).status).toBe('succeeded');
    const before = await deliveryHashes(t);
    expect((await t.app.inject({ url: '/about/team' })).body).not.toContain(later);
    expect(await heroImage('delivery')).toEqual({ value: null, media: null });

    // Pushed to staging, the shared media library's image is still published by no site's
    // publish: the published Team still needs it, and the next publish offers it.
    const staged = await t.request({
      method: 'PUT',
      url: `/api/contents/${later}`,
      payload: { version: 1, status_id: 'staged' },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    expect(await laterOne()).toMatchObject({
      status: 'unpublished',
      version: 1,
      needed_by: [{ content_id: team, content_name: 'Team' }],
    });
    const res = await publish({ include: [later] });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.publishing.idle();
    expect(changedUrls(before, await deliveryHashes(t))).toEqual(['/about/team']);
    expect((await t.app.inject({ url: '/about/team' })).body).toContain(address(later));
    expect(await laterOne()).toBeUndefined();
  });
});

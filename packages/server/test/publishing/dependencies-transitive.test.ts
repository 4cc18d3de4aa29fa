/**
 * What an included item needs in turn: a draft content fragment a staged page references brings
 * its own unpublished references (a draft image, a draft page it links to, which references the
 * fragment back) into the list, each needed by the item that references it, each once; a
 * publish that includes everything offered leaves no broken reference behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIBRARY_ROOT_ID } from '@canopy/core';
import { DEMO_HOME_ID } from '../../src/seed/content';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { SYSTEM_ACTOR } from '../../src/auth/actor';
import { saveContent } from '../../src/operations/contents/save-content';
import { readContentVersion } from '../../src/operations/contents/get-content';
import { DIALECTS, type TestApp } from '../harness';
import { contentIdOf, DEMO_SITE_ID, startDemo } from './helpers';
import { stageFieldChanges } from './stage';

const PAGE = DEMO_TEMPLATES.blocks.page;
const FRAGMENT = DEMO_TEMPLATES.blocks.contentFragment;

interface Dependency {
  id: string;
  name: string;
  status: string;
  needed_by: { content_id: string; content_name: string }[];
  can_include: boolean;
}

describe.each(DIALECTS)('dependencies of included items (%s)', (dialect) => {
  let t: TestApp;
  let team: string;
  let fragment: string;
  let image: string;
  let openings: string;
  let other: string;
  const address = (id: string) => `/media-library/media/${id}.png`;

  const dependencies = async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/releases/publishableitems/${DEMO_SITE_ID}?mode=delivery`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { dependencies: Dependency[] }).dependencies;
  };
  /** A new draft item (unlocked) with these field values. */
  const draft = async (
    parentId: string,
    templateId: string,
    name: string,
    values: Record<string, string>,
  ) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contents',
      payload: { parent_id: parentId, template_id: templateId, content_name: name },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().content_id as string;
    const lock = (by: string | null) =>
      t.db
        .updateTable('content_items')
        .set({ locked_by: by, locked_date: by ? new Date().toISOString() : null })
        .where('content_id', '=', id)
        .execute();
    await lock(SYSTEM_ACTOR.username);
    const made = await readContentVersion(t.db, SYSTEM_ACTOR, id, 1);
    if (Object.keys(values).length > 0)
      await saveContent({ db: t.db, actor: SYSTEM_ACTOR }, id, {
        version: 1,
        updated_date: made.updated_date,
        content_fields: Object.entries(values).map(([block, value]) => ({
          field_id: made.content_fields[block]!.field_id,
          field_value: value,
          cmsItemStatus: { edited: true },
        })),
      });
    await lock(null);
    return id;
  };

  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-deps-'));
  beforeAll(async () => {
    t = await startDemo(dialect, {}, { dataDir });
    team = await contentIdOf(t, '/about/team');
    image = await draft(MEDIA_LIBRARY_ROOT_ID, DEMO_TEMPLATES.templates.image, 'Map', {});
    other = await draft(MEDIA_LIBRARY_ROOT_ID, DEMO_TEMPLATES.templates.image, 'Badge', {});
    openings = await draft(DEMO_HOME_ID, DEMO_TEMPLATES.templates.page, 'Openings', {
      [PAGE.pageUrl]: '/openings',
      [PAGE.heroImage]: address(other),
    });
    fragment = await draft(DEMO_HOME_ID, DEMO_TEMPLATES.templates.contentFragment, 'Visit us', {
      [FRAGMENT.heading]: 'Visit us',
      [FRAGMENT.body]: `<p><img src="${address(image)}" alt="Map"> <a href="/openings">Join</a></p>`,
    });
    // Openings references the fragment back: a loop.
    await t.db
      .updateTable('content_fields')
      .set({ field_value: fragment, content_ref: fragment })
      .where('content_id', '=', openings)
      .where('template_block_id', '=', PAGE.relatedPage)
      .execute();
    await stageFieldChanges(t.db, team, { [PAGE.relatedPage]: fragment });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists an included item's own unpublished references, each needed by what references it", async () => {
    const found = await dependencies();
    const needs = Object.fromEntries(
      found.map((d) => [d.name, d.needed_by.map((n) => n.content_name)]),
    );
    expect(needs).toEqual({
      Badge: ['Openings'],
      Openings: ['Visit us'],
      Map: ['Visit us'],
      'Visit us': ['Openings', 'Team'],
    });
    expect(found.every((d) => d.status === 'unpublished' && d.can_include)).toBe(true);
  });

  it('does not list what an item that cannot be included would need', async () => {
    await t.db
      .updateTable('content_items')
      .set({ locked_by: 'editor', locked_date: new Date().toISOString() })
      .where('content_id', '=', openings)
      .execute();
    const found = await dependencies();
    expect(found.map((d) => d.name)).toEqual(['Map', 'Openings', 'Visit us']);
    expect(found.find((d) => d.id === openings)?.can_include).toBe(false);
    const refused = await t.request({
      method: 'POST',
      url: '/api/releases',
      payload: { mode: 'delivery', site_id: DEMO_SITE_ID, include: [other] },
    });
    expect(refused.statusCode).toBe(400);
    await t.db
      .updateTable('content_items')
      .set({ locked_by: null })
      .where('content_id', '=', openings)
      .execute();
  });

  it('publishes everything offered with the page; delivery then shows no broken reference', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/releases',
      payload: {
        mode: 'delivery',
        site_id: DEMO_SITE_ID,
        include: [fragment, image, openings, other],
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const published = (res.json() as { published: { content_id: string }[] }).published;
    expect(published.map((p) => p.content_id)).toEqual(
      expect.arrayContaining([team, fragment, image, openings, other]),
    );
    await t.app.publishing.idle();
    expect(await dependencies()).toEqual([]);
    const page = await t.app.inject({ url: '/openings' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(address(other));
  });
});

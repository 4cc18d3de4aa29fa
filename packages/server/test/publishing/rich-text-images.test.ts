/**
 * Images in rich text follow the rule of a Media Library Asset field: an `<img>` naming a media
 * item delivery does not show (a draft, or one whose publish date lies ahead) stays off the built
 * page, in a page's body as in the footer; once the image is published, the pages that name it
 * are built again and show it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIBRARY_ROOT_ID } from '@canopy/core';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
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
const FRAGMENT = DEMO_TEMPLATES.blocks.contentFragment;

describe.each(DIALECTS)('images in rich text on delivery (%s)', (dialect) => {
  let t: TestApp;
  let image: string;
  const address = (id: string) => `/media-library/media/${id}.png`;
  const html = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, `${url} ${res.body.slice(0, 300)}`).toBe(200);
    return res.body;
  };
  const bodyModel = async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/releases/pagemodels/${DEMO_SITE_ID}?mode=delivery&page_url=/about/team`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().models[0].fields['Body'].value as string;
  };

  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-rich-'));
  beforeAll(async () => {
    t = await startDemo(dialect, {}, { dataDir });
    const made = await t.request({
      method: 'POST',
      url: '/api/contents',
      payload: {
        parent_id: MEDIA_LIBRARY_ROOT_ID,
        template_id: DEMO_TEMPLATES.templates.image,
        content_name: 'Team at work',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    image = made.json().content_id as string;
    await t.db
      .updateTable('content_items')
      .set({ locked_by: null })
      .where('content_id', '=', image)
      .execute();
    const tag = `<img src="${address(image)}" alt="The team at work">`;
    await stageFieldChanges(t.db, await contentIdOf(t, '/about/team'), {
      [PAGE.body]: `<p>Meet us.</p><p>${tag}</p>`,
    });
    await stageFieldChanges(t.db, await contentIdOf(t, 'Footer'), {
      [FRAGMENT.body]: `<p>Canopy Corp ${tag}</p>`,
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves out the <img> of a draft image, in the body and the footer', async () => {
    expect((await publishAndWait(t)).status).toBe('succeeded');
    const team = await html('/about/team');
    expect(team).toContain('Meet us.');
    expect(team).toContain('Canopy Corp');
    expect(team).not.toContain(address(image));
    expect(await html('/about')).not.toContain(address(image));
    expect(await bodyModel()).toBe('<p>Meet us.</p><p></p>');
  });

  it('leaves it out while its publish date lies ahead', async () => {
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await t.db
      .updateTable('content_versions')
      .set({ status_id: 'published', publish_date: later })
      .where('content_id', '=', image)
      .execute();
    expect((await publishAndWait(t)).status).toBe('succeeded');
    expect(await html('/about/team')).not.toContain(address(image));
    expect(await html('/about')).not.toContain(address(image));
  });

  it('shows it once the image is published: the pages naming it are built again', async () => {
    const before = await deliveryHashes(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/releases',
      payload: { mode: 'delivery', site_id: DEMO_SITE_ID, include: [image] },
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.publishing.idle();
    const tag = `<img src="${address(image)}" alt="The team at work"`;
    expect(await html('/about/team')).toContain(tag);
    expect(await html('/about')).toContain(tag);
    expect(await bodyModel()).toContain(tag);
    // Every page shows the footer: all of them changed.
    expect(changedUrls(before, await deliveryHashes(t))).toEqual(Object.keys(before).sort());
  });
});

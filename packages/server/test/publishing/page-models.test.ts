/**
 * GET /api/releases/pagemodels/{site}: the page models a build elsewhere renders, for page URLs
 * and the not-found page; published-content API keys read delivery only, others need Read on the
 * site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageModel } from '@canopy/site';
import { SYSTEM_ACTOR } from '../../src/auth/actor';
import { createApiKey } from '../../src/operations/apikeys/create-api-key';
import { STYLESHEET_URL } from '../../src/publishing/builds';
import { loadSnapshot } from '../../src/publishing/source';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { DIALECTS, type TestApp } from '../harness';
import { contentIdOf, DEMO_SITE_ID, publishAndWait, stageChange, startDemo } from './helpers';

const UNKNOWN_SITE = '00000000-0000-4000-8000-000000000099';
const STAGED = 'Staged, not yet published.';

interface Reply {
  site_id: string;
  mode: string;
  models: PageModel[];
  missing: string[];
  not_found?: PageModel;
}

describe.each(DIALECTS)('page models (%s)', (dialect) => {
  let t: TestApp;
  let publishedKey: string;
  beforeAll(async () => {
    t = await startDemo(dialect);
    ({ key: publishedKey } = await createApiKey(t.db, SYSTEM_ACTOR, {
      name: 'site-builder',
      scope: 'published',
    }));
    const history = await contentIdOf(t, '/about/history');
    await stageChange(t, history, DEMO_TEMPLATES.blocks.page.summary, STAGED);
  });
  afterAll(() => t.close());

  const withKey = (url: string, key = publishedKey) =>
    t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  const modelsUrl = (mode: string, urls: string[], extra = '', site = DEMO_SITE_ID) =>
    `/api/releases/pagemodels/${site}?mode=${mode}${urls
      .map((url) => `&page_url=${encodeURIComponent(url)}`)
      .join('')}${extra}`;
  const textOf = (model: PageModel) => JSON.stringify(model);

  it('answers a published key the delivery models of the page URLs it lists, and the 404 page', async () => {
    const listed = await withKey(`/api/pageurls?site_id=${DEMO_SITE_ID}`);
    expect(listed.statusCode).toBe(200);
    const urls = (listed.json() as { page_url: string }[]).map((p) => p.page_url);
    expect(urls).toEqual(expect.arrayContaining(['/', '/about', '/services']));

    const res = await withKey(modelsUrl('delivery', [...urls, '/no-such-page'], '&not_found=true'));
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as Reply;
    expect(reply).toMatchObject({ site_id: DEMO_SITE_ID, mode: 'delivery' });
    expect(reply.models.map((m) => m.url)).toEqual(urls);
    expect(reply.missing).toEqual(['/no-such-page']);
    const about = reply.models.find((m) => m.url === '/about')!;
    expect(about).toMatchObject({
      mode: 'delivery',
      name: 'About',
      site: { id: DEMO_SITE_ID, name: expect.any(String), basePath: '/' },
      stylesheet: '/_canopy/site.css',
    });
    expect(JSON.stringify(about.menu)).toContain('"url":"/services"');
    expect(textOf(about)).toContain('Who we are and how we work.');
    expect(reply.not_found).toMatchObject({ url: '/404', name: 'Not found', mode: 'delivery' });

    // One URL alone, without the not-found model.
    const one = (await withKey(modelsUrl('delivery', ['/about']))).json() as Reply;
    expect(one.models).toEqual([about]);
    expect(one.not_found).toBeUndefined();
  });

  it('answers every model whole, at every level: what a build here renders from', async () => {
    for (const mode of ['delivery', 'preview'] as const) {
      const snapshot = await loadSnapshot(t.db, DEMO_SITE_ID, mode);
      const urls = [...snapshot.pages.keys()];
      const res = await t.request({ url: modelsUrl(mode, urls, '&not_found=true') });
      expect(res.statusCode, res.body).toBe(200);
      const reply = res.json() as Reply;
      const built = (await snapshot.models(urls, '/', STYLESHEET_URL)).map((input) => input.model);
      const notFound = (await snapshot.notFoundModel('/', STYLESHEET_URL)).model;
      // As JSON: a property the reply's schema did not name would be missing here.
      expect(reply.models).toEqual(JSON.parse(JSON.stringify(built)));
      expect(reply.not_found).toEqual(JSON.parse(JSON.stringify(notFound)));
      // The demo has every part below the first level: nested menu entries, linked pages, media,
      // micro-app placements, and widgets inside containers.
      const text = res.body;
      for (const part of [
        /"menu":\[\{[^\]]*"children":\[\{"name"/,
        /"link":\{"url":/,
        /"media":/,
        /"placement":\{"instanceId":/,
        /"children":\[\{"id":/,
      ])
        expect(text).toMatch(part);
    }
  });

  it('describes the models at every level in the API documentation', async () => {
    const doc = (await t.request({ url: '/api/docs/json', as: null })).json() as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { required?: string[] }> };
    };
    const { schemas } = doc.components;
    const refersTo = (schema: unknown, name: string) =>
      expect(JSON.stringify(schema)).toContain(`"$ref":"#/components/schemas/${name}"`);
    // The reply names the page model; the model names its menu and its widgets, which name
    // their own children.
    refersTo(doc.paths['/api/releases/pagemodels/{id}']!.get.responses['200'], 'SitePageModel');
    refersTo(schemas['SitePageModel'], 'SiteMenuEntry');
    refersTo(schemas['SitePageModel'], 'SiteWidget');
    refersTo(schemas['SiteMenuEntry'], 'SiteMenuEntry');
    refersTo(schemas['SiteWidget'], 'SiteWidget');
    refersTo(schemas['SitePageModel'], 'SiteFieldValue');
    refersTo(schemas['SiteWidget'], 'SiteFieldValue');
    expect(schemas['SiteMenuEntry']?.required).toEqual(['name', 'url', 'children']);
    expect(schemas['SiteWidget']?.required).toEqual([
      'id',
      'layout',
      'templateName',
      'fields',
      'children',
    ]);
    const model = JSON.stringify(schemas['SitePageModel']);
    for (const part of ['"exitUrl"', '"heading"', '"basePath"']) expect(model).toContain(part);
    const field = JSON.stringify(schemas['SiteFieldValue']);
    for (const part of ['"link"', '"media"', '"instanceId"', '"frameHeight"'])
      expect(field).toContain(part);
  });

  it('shows a staged version in preview models only', async () => {
    const delivery = await t.request({ url: modelsUrl('delivery', ['/about/history']) });
    const preview = await t.request({ url: modelsUrl('preview', ['/about/history']) });
    expect(preview.statusCode).toBe(200);
    const [staged] = (preview.json() as Reply).models;
    expect(staged!.mode).toBe('preview');
    expect(textOf(staged!)).toContain(STAGED);
    expect(delivery.body).not.toContain(STAGED);
  });

  it('never gives a published key preview models or preview page URLs', async () => {
    for (const url of [
      modelsUrl('preview', ['/about'], '&not_found=true'),
      `/api/latestpublishable/pageurls?site_id=${DEMO_SITE_ID}`,
    ]) {
      const res = await withKey(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain(STAGED);
    }
  });

  it('refuses a bearer token without Read on the site, a wrong key and no identity', async () => {
    for (const mode of ['delivery', 'preview']) {
      const res = await t.request({ url: modelsUrl(mode, ['/about']), as: 'nobody' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    await t.tokenFor('author-reader', ['author']);
    const author = await t.request({ url: modelsUrl('preview', ['/about']), as: 'author-reader' });
    expect(author.statusCode).toBe(200);
    expect((await withKey(modelsUrl('delivery', ['/about']), 'cnp_wrong')).statusCode).toBe(401);
    expect((await t.request({ url: modelsUrl('delivery', ['/about']), as: null })).statusCode).toBe(
      401,
    );
  });

  it('answers 4xx to bad input and an unknown site', async () => {
    const tooMany = Array.from({ length: 201 }, (_, i) => `/p${i}`);
    for (const url of [
      modelsUrl('production', ['/about']),
      modelsUrl('delivery', ['/about'], '&bogus=1'),
      modelsUrl('delivery', tooMany),
      modelsUrl('delivery', [''], ''),
      modelsUrl('delivery', ['/about'], '&not_found=perhaps'),
      `/api/releases/pagemodels/not-a-uuid?mode=delivery`,
      `/api/releases/pagemodels/${DEMO_SITE_ID}`,
    ]) {
      const res = await withKey(url);
      expect(res.statusCode, url).toBe(400);
    }
    const unknown = await withKey(modelsUrl('delivery', ['/about'], '', UNKNOWN_SITE));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('SITE_NOT_FOUND');
    const unknownAdmin = await t.request({ url: modelsUrl('preview', [], '', UNKNOWN_SITE) });
    expect(unknownAdmin.statusCode).toBe(404);
  });

  it('answers what was published since its last call: a publish ends the shared snapshot', async () => {
    const historyModel = async () => {
      const res = await withKey(modelsUrl('delivery', ['/about/history']));
      return textOf((res.json() as Reply).models[0]!);
    };
    expect(await historyModel()).not.toContain(STAGED);
    expect((await publishAndWait(t)).status).toBe('succeeded');
    expect(await historyModel()).toContain(STAGED);
  });
});

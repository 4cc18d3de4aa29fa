/**
 * Publish and unpublish dates mean the same whatever the server's time zone: UTC unless the text
 * carries an offset, stored in one UTC form, and read that way by the published variant and the
 * page URL list. The server runs here in UTC+14, where a date read as local time is 14 hours off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, fieldId, makeWorld, type World } from './fixtures';

const HOUR = 3_600_000;
/** A moment as 'YYYY-MM-DD HH:MM' in UTC, with no offset. */
const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

describe.each(DIALECTS)('publish dates on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  const zone = process.env.TZ;

  beforeAll(async () => {
    process.env.TZ = 'Pacific/Kiritimati';
    t = await startApp(dialect);
    world = await makeWorld(t.db);
  });
  afterAll(async () => {
    await t.close();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  /** A page saved with its URL and dates, then published as a release leaves it. */
  async function publishedPage(url: string, dates: Record<string, string>) {
    const page = await createPage(t, world, url.slice(1));
    const saved = await t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      payload: {
        version: 1,
        updated_date: page.updated_date,
        ...dates,
        content_fields: [{ field_id: fieldId(page, world.blocks.pageUrl), field_value: url }],
      },
    });
    expect(saved.statusCode).toBe(200);
    await t.db
      .updateTable('content_versions')
      .set({ status_id: 'published' })
      .where('content_id', '=', page.content_id)
      .execute();
    return saved.json() as { publish_date: string; unpublish_date: string };
  }

  const shown = (url: string) =>
    t.request({ method: 'GET', url: `/api/contents?site_id=${world.siteId}&page_url=${url}` });

  it('reads a date without an offset as UTC and stores it as UTC ISO text', async () => {
    expect(new Date().getTimezoneOffset()).toBe(-14 * 60);
    const at = Date.now() + 2 * HOUR;
    const saved = await publishedPage('/later', { publish_date: utcText(at) });
    expect(saved.publish_date).toBe(minute(at));
    expect(saved.unpublish_date).toBe('1970-01-01 12:00');
    expect((await shown('/later')).statusCode).toBe(404);
    const urls = await t.request({ method: 'GET', url: `/api/pageurls?site_id=${world.siteId}` });
    expect(urls.json().map((u: { page_url: string }) => u.page_url)).not.toContain('/later');
  });

  it('an unpublish date an hour from now keeps the page live until then', async () => {
    const at = Date.now() + HOUR;
    const saved = await publishedPage('/until', { unpublish_date: utcText(at) });
    expect(saved.unpublish_date).toBe(minute(at));
    expect((await shown('/until')).statusCode).toBe(200);
  });

  it('honours an offset the text carries', async () => {
    const at = Date.now() - 2 * HOUR;
    const local = new Date(at + 5 * HOUR).toISOString().slice(0, 16);
    const saved = await publishedPage('/offset', { publish_date: `${local}+05:00` });
    expect(saved.publish_date).toBe(minute(at));
    expect((await shown('/offset')).statusCode).toBe(200);
  });

  it('refuses text that is not a date, naming the field', async () => {
    const page = await createPage(t, world, 'Bad date');
    const res = await t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      payload: { version: 1, updated_date: page.updated_date, publish_date: '2026-02-30' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The field "publish_date" must be a date such as 2026-05-01 or 2026-05-01 09:30',
    );
  });
});

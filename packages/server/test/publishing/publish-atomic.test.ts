/**
 * A publish is written whole or not at all: the promoted versions, the release and the build it
 * names are one transaction, so a publish that fails inside it leaves none of them, and a build
 * the queue refuses afterwards is the release's, recorded failed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { DIALECTS, type TestApp } from '../harness';
import { contentIdOf, DEMO_SITE_ID, stageChange, startDemo } from './helpers';

const PAGE = DEMO_TEMPLATES.blocks.page;

describe.each(DIALECTS)('a publish, whole or not at all (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemo(dialect);
  });
  afterAll(() => t.close());

  const rows = async () => ({
    releases: await t.db.selectFrom('releases').selectAll().execute(),
    builds: await t.db.selectFrom('builds').selectAll().execute(),
    staged: await t.db
      .selectFrom('content_versions')
      .select(['content_id', 'version'])
      .where('status_id', '=', 'staged')
      .orderBy('content_id')
      .orderBy('version')
      .execute(),
  });
  const publish = () =>
    t.request({
      method: 'POST',
      url: '/api/releases',
      payload: { mode: 'delivery', site_id: DEMO_SITE_ID },
    });

  /** Makes the database refuse the publish's audit entry, the last write of its transaction. */
  async function refuseAuditOfPublish(): Promise<() => Promise<void>> {
    if (dialect === 'sqlite') {
      await sql`CREATE TRIGGER refuse_publish BEFORE INSERT ON audit_log WHEN NEW.action = 'publish'
        BEGIN SELECT RAISE(ABORT, 'publish refused by the test'); END`.execute(t.db);
      return async () => void (await sql`DROP TRIGGER refuse_publish`.execute(t.db));
    }
    await sql`CREATE FUNCTION refuse_publish() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'publish' THEN RAISE EXCEPTION 'publish refused by the test'; END IF;
        RETURN NEW;
      END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_publish BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION refuse_publish()`.execute(t.db);
    return async () => {
      await sql`DROP TRIGGER refuse_publish ON audit_log`.execute(t.db);
      await sql`DROP FUNCTION refuse_publish()`.execute(t.db);
    };
  }

  it('leaves no release, no build and every staged version staged when it fails inside', async () => {
    await stageChange(t, await contentIdOf(t, '/about/team'), PAGE.title, 'The team, staged');
    const before = await rows();
    expect(before.staged.length).toBeGreaterThan(0);
    const allow = await refuseAuditOfPublish();
    try {
      expect((await publish()).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await rows()).toEqual(before);
  });

  it('names its build in the release from the start, even when the queue refuses the build', async () => {
    const queue = t.app.publishing.queue;
    const send = queue.send;
    queue.send = async () => {
      throw new Error('the queue is down');
    };
    try {
      expect((await publish()).statusCode).toBe(500);
    } finally {
      queue.send = send;
    }
    const { releases, builds, staged } = await rows();
    expect(staged).toEqual([]);
    expect(releases).toHaveLength(1);
    expect(builds).toEqual([
      expect.objectContaining({
        build_id: releases[0]!.build_id,
        release_id: releases[0]!.release_id,
        status: 'failed',
        error: 'the queue is down',
      }),
    ]);
  });
});

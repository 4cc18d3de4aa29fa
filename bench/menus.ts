/** GET /api/menus: the whole tree, for an administrator and for a role with many settings. */
import type { Content, MenuItem } from '@canopy/core';
import { addPage, type CanopyWorld } from './lib/canopy';
import { createRoleWithSettings } from './lib/data';
import { BARE_BYTES_PATH, startBareServer } from './lib/server';
import {
  expectJson,
  expectStatus,
  pairedLatency,
  receiveBytes,
  sequentialLatency,
  type LatencyStats,
} from './lib/measure';
import { describeLatency, latencyRow, ratioRow, step, type Baseline, type Row } from './lib/report';

/** Up to 20 timed runs, fewer if the tree is so slow that they would take over 30 s. */
const RUNS = { runs: 20, warmup: 2, budgetMs: 30_000, minRuns: 5 };

/**
 * An untimed lock change before each timed menu request: the server patches the item's lock
 * state into the trees its read cache keeps.
 */
function lockChange(world: CanopyWorld) {
  const url = `${world.server.origin}/api/unlockcontents/${world.items[world.items.length - 1]!.id}`;
  return () => expectStatus(url, { token: world.adminToken, method: 'PUT' });
}

/**
 * Untimed writes to a page of the tree made for them: a save of its Title field, which writes no
 * table a menu reads (the cached trees are kept); a rename, which changes one row (the cached
 * trees patch it); and a move to another parent, which changes the tree (they take the item out
 * and put it in again).
 */
async function pageWrites(world: CanopyWorld) {
  const { origin } = world.server;
  const token = world.adminToken;
  const page = await addPage(world, 'Edited while the menus are timed');
  const url = `${origin}/api/contents/${page.content_id}`;
  const title = page.content_fields[world.model.page.title]!.field_id;
  let updated = page.updated_date;
  let saves = 0;
  const save = async (change: object) => {
    const body = { version: page.version, updated_date: updated, ...change };
    updated = (await expectJson<Content>(url, { method: 'PUT', token, body })).updated_date;
  };
  const parents = [world.items[0]!.id, world.items[1]!.id];
  let moves = 0;
  let templateNames = 0;
  return {
    saveAField: () =>
      save({ content_fields: [{ field_id: title, field_value: `Title ${++saves}` }] }),
    rename: () => save({ content_name: `Renamed ${++saves}` }),
    move: () =>
      expectStatus(url, {
        method: 'PUT',
        token,
        body: { parent_id: parents[++moves % 2], content_order: 1 },
      }),
    /** A rename of the page template: every cached tree is built again. */
    renameTemplate: () =>
      expectStatus(`${origin}/api/templates/${world.model.pageTemplateId}`, {
        method: 'PUT',
        token,
        body: { template_name: `Bench page ${++templateNames}` },
      }),
  };
}

function countContent(items: MenuItem[]): number {
  let count = 0;
  for (const item of items) {
    if (item.item_type === 'content') count++;
    count += countContent(item.children ?? []);
  }
  return count;
}

/**
 * The administrator's whole tree right after a write and repeated, timed to the reply's last byte
 * (the bytes are counted, not decoded), each in turns with the bare route sending as many bytes
 * from memory (floor, menu, floor, menu...): timed one after the other, the floor alone moved by
 * a third within a run on this two-core machine. Goals: `afterWriteP99` on p99 right after a
 * write, `repeated` on the mean.
 */
export async function benchAdminMenus(
  world: CanopyWorld,
  baseline: Baseline,
  label: string,
  goals: { afterWriteP99?: number; repeated: number },
): Promise<Row[]> {
  const url = `${world.server.origin}/api/menus`;
  const token = world.adminToken;
  const shown = countContent(await expectJson<MenuItem[]>(url, { token }));
  if (shown !== world.items.length) {
    throw new Error(
      `The administrator's menu shows ${shown} content items, expected ${world.items.length}`,
    );
  }
  const size = await receiveBytes(url, token);
  const megabytes = `${(size / 1e6).toFixed(1)} MB`;
  const bare = await startBareServer();
  let rows: Row[];
  try {
    const sameBytes = () => receiveBytes(`${bare.origin}${BARE_BYTES_PATH}?n=${size}`);
    const menu = () => receiveBytes(url, token);
    const [coldFloor, cold] = await pairedLatency(sameBytes, menu, {
      ...RUNS,
      prepare: lockChange(world),
    });
    step(`menus, ${label} items, administrator, right after a write: ${describeLatency(cold)}`);
    step(
      `  in turns with the bare route sending the same ${megabytes}: ${describeLatency(coldFloor)}`,
    );
    const writes = await pageWrites(world);
    const saved = await sequentialLatency(menu, { ...RUNS, prepare: writes.saveAField });
    step(
      `menus, ${label} items, administrator, after a save of a field: ${describeLatency(saved)}`,
    );
    const renamed = await sequentialLatency(menu, { ...RUNS, prepare: writes.rename });
    step(`menus, ${label} items, administrator, after a rename: ${describeLatency(renamed)}`);
    const moved = await sequentialLatency(menu, { ...RUNS, prepare: writes.move });
    step(`menus, ${label} items, administrator, after a move: ${describeLatency(moved)}`);
    const [floor, cached] = await pairedLatency(sameBytes, menu, RUNS);
    step(`menus, ${label} items, administrator, repeated (read cache): ${describeLatency(cached)}`);
    step(`  in turns with the bare route sending the same ${megabytes}: ${describeLatency(floor)}`);
    // As a browser asks: the cached tree's gzip (made after the first such request), decompressed.
    let wire = size;
    for (let tries = 0; wire >= size && tries < 50; tries++)
      wire = await receiveBytes(url, token, { gzip: 'wire' });
    const gzipped = await sequentialLatency(
      () => receiveBytes(url, token, { gzip: 'decoded' }),
      RUNS,
    );
    step(
      `menus, ${label} items, repeated, in gzip (${(wire / 1e6).toFixed(1)} MB on the wire, decompressed by the client): ${describeLatency(gzipped)}`,
    );
    const same = (stats: LatencyStats) => ({
      label: `bare route, same ${megabytes} in turns`,
      ms: stats.mean,
    });
    const afterWrite = (write: string, stats: LatencyStats) =>
      latencyRow(
        `GET /api/menus, ${label} items (admin, after ${write})`,
        stats,
        baseline,
        goals.afterWriteP99 ?? goals.repeated,
        { judged: goals.afterWriteP99 ? 'p99' : 'mean', floor: same(coldFloor) },
      );
    rows = [
      afterWrite('a lock change: patched', cold),
      afterWrite('a save of a field: kept', saved),
      afterWrite('a rename: patched', renamed),
      afterWrite('a move: patched', moved),
      latencyRow(
        `GET /api/menus, ${label} items (admin, repeated)`,
        cached,
        baseline,
        goals.repeated,
        { floor: same(floor) },
      ),
      latencyRow(
        `  the same in gzip as a browser takes it (${(wire / 1e6).toFixed(1)} MB sent, decompressed)`,
        gzipped,
        baseline,
        undefined,
        { floor: same(floor) },
      ),
    ];
  } finally {
    await bare.stop();
  }
  return rows;
}

/**
 * A non-administrator whose role sets rights on `settings` items, against the administrator:
 * both menus are requested alternately, so the ratio holds even on a busy machine.
 */
export async function benchRoleMenus(
  world: CanopyWorld,
  baseline: Baseline,
  settings: number,
): Promise<Row[]> {
  const role = await createRoleWithSettings(world.db, world.items, settings);
  const token = await world.tokenFor('bench-editor', [role.roleId]);
  const url = `${world.server.origin}/api/menus`;
  const shown = countContent(await expectJson<MenuItem[]>(url, { token }));
  if (shown === 0 || shown >= world.items.length) {
    throw new Error(
      `The role's menu shows ${shown} of ${world.items.length} items; its settings were not applied`,
    );
  }
  // Both right after a template's rename, so each is built afresh: this compares the permission
  // walk.
  const { renameTemplate } = await pageWrites(world);
  const [admin, stats] = await pairedLatency(
    () => expectStatus(url, { token: world.adminToken }),
    () => expectStatus(url, { token }),
    { ...RUNS, prepare: renameTemplate },
  );
  step(
    `menus, role with settings on ${role.items} items (${role.rows} rows), ${shown} items readable: ${describeLatency(stats)}`,
  );
  step(`menus, administrator, alternating with the role: ${describeLatency(admin)}`);
  const label = `${world.items.length.toLocaleString('en-US')} items`;
  return [
    latencyRow(`GET /api/menus, ${label} (role, ${role.items} settings)`, stats, baseline),
    ratioRow(
      '  role menu vs admin menu (alternating)',
      stats.mean / admin.mean,
      `${shown} items shown`,
      1.5,
    ),
  ];
}

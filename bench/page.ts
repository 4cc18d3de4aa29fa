/**
 * Pages: a published page read by site + Page URL (throughput against the bare route), and a
 * page of 250 widget blocks x 4 fields saved through PUT /api/contents/{id} and read back.
 */
import { performance } from 'node:perf_hooks';
import type { Content } from '@canopy/core';
import { addPage, type CanopyWorld } from './lib/canopy';
import { BARE_BYTES_PATH, startBareServer } from './lib/server';
import { fillPage } from './lib/data';
import { planBlockSave, SAVE_BLOCKS } from './lib/save-body';
import {
  alternatingThroughput,
  call,
  expectJson,
  expectStatus,
  sequentialLatency,
  summarise,
} from './lib/measure';
import {
  describeLatency,
  describeThroughput,
  latencyRow,
  notMeasuredRow,
  shareRow,
  step,
  throughputRow,
  type Baseline,
  type Row,
} from './lib/report';

/** Blocks on the published page read by URL: a typical page, not the 250-block stress case. */
const DELIVERY_BLOCKS = 10;

/** Blocks and block fields of a content reply, over all its zones. */
function countBlocks(content: Content): { blocks: number; fields: number; values: string[] } {
  let blocks = 0;
  const values: string[] = [];
  for (const field of Object.values(content.content_fields)) {
    for (const region of Object.values(field.dynamic_content_regions)) {
      for (const block of Object.values(region.content_blocks)) {
        blocks++;
        for (const blockField of Object.values(block.content_blocks_fields))
          values.push(blockField.field_value ?? '');
      }
    }
  }
  return { blocks, fields: values.length, values };
}

export async function benchDelivery(world: CanopyWorld, baseline: Baseline): Promise<Row[]> {
  const item = world.items.find((candidate) => candidate.lvl === 3);
  if (!item) throw new Error('The tree has no third level to pick a page from');
  await fillPage(world.db, world.model, item, DELIVERY_BLOCKS);
  const query = `site_id=${item.siteId}&page_url=${encodeURIComponent(item.pageUrl)}`;
  const url = `${world.server.origin}/api/contents?${query}`;
  const page = await expectJson<Content>(url, { token: world.adminToken });
  const shape = countBlocks(page);
  if (
    page.content_id !== item.id ||
    page.status_id !== 'published' ||
    shape.blocks !== DELIVERY_BLOCKS
  ) {
    throw new Error(
      `GET ${url} answered content ${page.content_id} (${page.status_id}, ${shape.blocks} blocks)`,
    );
  }
  const name = `GET /api/contents?site_id&page_url (${DELIVERY_BLOCKS} blocks)`;
  const rows: Row[] = [];
  // The bare route's 17 bytes against a page's kilobytes: the same bytes from memory as well,
  // read with the same request (the bearer token's header, or none), in turns with the page.
  const bytes = Buffer.byteLength(JSON.stringify(page));
  const label = `the bare route sending the same ${bytes} bytes`;
  const bare = await startBareServer();
  try {
    const sameBytes = `${bare.origin}${BARE_BYTES_PATH}?n=${bytes}`;
    const token = { token: world.adminToken };
    const [bearer, bearerFloor] = await alternatingThroughput(
      { url, options: token },
      { url: sameBytes, options: token },
    );
    step(`published page by URL, bearer token: ${describeThroughput(bearer)}`);
    step(`  in turns, ${label}, same header: ${describeThroughput(bearerFloor)}`);
    rows.push(throughputRow(`${name}, bearer`, bearer, baseline, 0.8));
    const floor = { label: `${label} (same token header, in turns)`, rps: bearerFloor.rps };
    rows.push(shareRow(`  ${name}, bearer, vs the same bytes`, bearer, floor, 0.8));

    const anonymous = await call(url);
    if (anonymous.status === 200) {
      const [open, openFloor] = await alternatingThroughput({ url }, { url: sameBytes });
      step(`published page by URL, public delivery: ${describeThroughput(open)}`);
      step(`  in turns, ${label}, no header: ${describeThroughput(openFloor)}`);
      rows.push(throughputRow(`${name}, public`, open, baseline, 0.8));
      rows.push(
        shareRow(
          `  ${name}, public, vs the same bytes`,
          open,
          { label: `${label} (in turns)`, rps: openFloor.rps },
          0.8,
        ),
      );
    } else {
      rows.push(
        notMeasuredRow(
          `${name}, public`,
          `no public delivery (anonymous read: ${anonymous.status})`,
          '>= 80% of bare',
        ),
      );
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

export async function benchPageSave(world: CanopyWorld, baseline: Baseline): Promise<Row[]> {
  const { origin } = world.server;
  const token = world.adminToken;
  const { model } = world;
  // Add Item: the creator holds the lock of the new draft.
  const created = await addPage(world, `Page with ${SAVE_BLOCKS} blocks`);
  const url = `${origin}/api/contents/${created.content_id}`;
  const save = planBlockSave(model, created);
  const t0 = performance.now();
  const first = await expectJson<Content>(url, { method: 'PUT', token, body: save.first });
  const firstSave = summarise([performance.now() - t0]);
  const firstShape = countBlocks(first);
  if (firstShape.blocks !== SAVE_BLOCKS || firstShape.fields !== SAVE_BLOCKS * 4) {
    throw new Error(
      `The first save left ${firstShape.blocks} blocks and ${firstShape.fields} block fields`,
    );
  }
  step(
    `save creating ${SAVE_BLOCKS} blocks and ${SAVE_BLOCKS * 4} block fields: ${describeLatency(firstSave)}`,
  );

  // Re-saves of every block field, each sending the updated_date the previous reply gave.
  let updatedDate = first.updated_date;
  let lastTag = '';
  const resave = await sequentialLatency(
    async (run) => {
      lastTag = `save-${run}`;
      const body = save.resave(lastTag, updatedDate);
      const reply = await expectJson<Content>(url, { method: 'PUT', token, body });
      updatedDate = reply.updated_date;
    },
    { runs: 20, warmup: 2 },
  );
  step(`re-save of ${SAVE_BLOCKS * 4} block fields: ${describeLatency(resave)}`);

  const page = await expectJson<Content>(url, { token });
  const shape = countBlocks(page);
  if (shape.blocks !== SAVE_BLOCKS || !shape.values.every((value) => value.includes(lastTag))) {
    throw new Error(`GET ${url} does not show the last save (${shape.blocks} blocks)`);
  }
  const read = await sequentialLatency(() => expectStatus(url, { token }), { runs: 50, warmup: 5 });
  step(`read of the ${SAVE_BLOCKS}-block page: ${describeLatency(read)}`);

  return [
    latencyRow(
      `PUT /api/contents/{id}, create ${SAVE_BLOCKS} blocks + ${SAVE_BLOCKS * 4} fields`,
      firstSave,
      baseline,
    ),
    latencyRow(
      `PUT /api/contents/{id}, re-save ${SAVE_BLOCKS * 4} block fields`,
      resave,
      baseline,
      100,
    ),
    latencyRow(`GET /api/contents/{id}, ${SAVE_BLOCKS} blocks`, read, baseline, 20),
  ];
}

/**
 * What the audit record costs a save: the 250-block page's re-save of its 1,000 block fields, run
 * in the bench process through the save operation itself (no HTTP, which would only dilute the
 * difference), alternately with the record and without it (the operation's `audit: false`, which
 * no route passes). Goal: the save with the record under 10% over the save without it.
 */
import type { Content } from '@canopy/core';
import { createContent } from '../packages/server/src/operations/contents/create-content';
import { saveContent } from '../packages/server/src/operations/contents/save-content';
import { createUser } from '../packages/server/src/operations/users/create-user';
import { loadUserActor } from '../packages/server/src/auth/load-actor';
import { createBenchDatabase } from './lib/database';
import { createContentModel, insertTree, planTree } from './lib/data';
import { pairedLatency } from './lib/measure';
import { describeLatency, ratioRow, step, type Row } from './lib/report';
import { planBlockSave, SAVE_BLOCKS } from './lib/save-body';

const RUNS = 100;
const GOAL = 1.1;

export async function benchAuditCost(): Promise<Row[]> {
  const bench = await createBenchDatabase('audit');
  try {
    const { db } = bench.database;
    const model = await createContentModel(db);
    const items = planTree(20);
    await insertTree(db, model, items);
    const userId = await createUser(db, {
      username: 'bench-admin',
      given_name: 'Bench',
      family_name: 'Admin',
      roleIds: ['administrator'],
    });
    const ctx = { db, actor: await loadUserActor(db, userId) };
    // Add Item: the creator holds the lock of the new draft.
    const created = await createContent(ctx, {
      parent_id: items[0]!.id,
      template_id: model.pageTemplateId,
      content_name: `Page with ${SAVE_BLOCKS} blocks`,
    });
    const id = created.content_id;
    const plan = planBlockSave(model, created);
    let updatedDate = ((await saveContent(ctx, id, plan.first)) as Content).updated_date;
    let run = 0;
    const save = (audit: boolean) => async () => {
      const body = plan.resave(`save-${run++}`, updatedDate);
      updatedDate = ((await saveContent(ctx, id, body, { audit })) as Content).updated_date;
    };
    const countSaves = async () =>
      Number(
        (
          await db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('content_id', '=', id)
            .where('action', '=', 'save')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countSaves();
    const [recorded, bare] = await pairedLatency(save(true), save(false), {
      runs: RUNS,
      warmup: 2,
    });
    const added = (await countSaves()) - before;
    if (added !== recorded.runs + 2) {
      throw new Error(`${recorded.runs + 2} recorded saves added ${added} audit entries`);
    }
    step(`with the audit record: ${describeLatency(recorded)}`);
    step(`without it: ${describeLatency(bare)}`);
    return [
      ratioRow(
        `save of ${SAVE_BLOCKS * 4} block fields (${SAVE_BLOCKS} blocks), with the audit record vs without`,
        recorded.mean / bare.mean,
        `mean ${recorded.mean.toFixed(1)} ms vs ${bare.mean.toFixed(1)} ms, medians ${recorded.p50.toFixed(1)} vs ${bare.p50.toFixed(1)} ms, ${recorded.runs} runs each, alternating`,
        GOAL,
      ),
    ];
  } finally {
    await bench.dispose();
  }
}

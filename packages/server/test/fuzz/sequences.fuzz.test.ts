/**
 * Random sequences of what editors do (lock, Save, field-by-field writes, drafts, Push to Staging,
 * Back to Draft, Delete Draft, delete, move, Add Item) by users with different rights, on the demo
 * site plus a fresh subtree per sequence. Rows ids come from every item, so writes also aim at
 * other items' rows. After every step: no 5xx, the rows of every version that was published are
 * exactly as they were, and every item whose rows changed is one the caller was allowed to change
 * (Edit on it, Delete to remove it, Create on the parent to add it, Edit or Create on a new
 * parent). Who may do what comes from a model of the documented rule (nearest setting along the
 * path from the root, per role, granted by any role), not from the server's own code.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@canopy/core';
import { seedIfEmpty } from '../../src/seed/index';
import { DEMO_HOME_ID } from '../../src/seed/content';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { ok, publish } from '../contents/fixtures';
import { params } from './arbitraries';

const RUNS = 10;
const STEPS = 20;
const EDITOR_ROLE = 'seq-editors';
const READER_ROLE = 'seq-readers';
/** admin: everything; ed: the sequence's subtree A (Read elsewhere); rd: Read; out: nothing. */
const USERS = ['admin', 'ed', 'rd', 'out'] as const;

type Row = Record<string, unknown> & { content_id: string; version?: number };
const TABLES = [
  'content_items',
  'content_versions',
  'content_fields',
  'dynamic_regions',
  'content_blocks',
  'block_fields',
] as const;
/** Tree position of siblings and descendants: a move renumbers them, which is not their content. */
const POSITION = new Set(['content_order', 'path', 'lvl']);

interface Snapshot {
  rows: Record<(typeof TABLES)[number], Row[]>;
  /** content id -> its rows (tree position aside), serialised and sorted. */
  byItem: Map<string, string>;
  /** `${content id}#${version}` -> that version's rows. */
  byVersion: Map<string, string>;
  status: Map<string, string>;
  parent: Map<string, string | null>;
}

const action = fc.record({
  user: fc.constantFrom(...USERS, 'ed', 'ed', 'admin'),
  kind: fc.constantFrom(
    'lock',
    'unlock',
    'draft',
    'stage',
    'unstage',
    'deleteDraft',
    'delete',
    'move',
    'create',
    ...Array<'save'>(4).fill('save'),
    ...Array<'part'>(8).fill('part'),
  ),
  target: fc.nat(40),
  other: fc.nat(400),
  table: fc.constantFrom(
    'contentfields',
    'dynamiccontentregion',
    'contentblock',
    'contentblockfield',
  ),
  method: fc.constantFrom('POST', 'POST', 'PUT', 'DELETE'),
  version: fc.constantFrom('latest', 'row', 1),
  fresh: fc.constantFrom(false, false, true),
  create: fc.constantFrom(true, true, false),
  lockFirst: fc.constantFrom(true, true, true, false),
  value: fc.constantFrom('Mine', '', 'Another Value'),
});
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

/**
 * Known attacks, tried before the random sequences: ed locks his sparse draft A2 and creates a
 * content field (then a block) naming the id of another item's row for a template block A2 lacks.
 */
const ATTACK: Action = {
  user: 'ed',
  kind: 'part',
  target: 2,
  other: 2,
  table: 'contentfields',
  method: 'POST',
  version: 'latest',
  fresh: false,
  create: true,
  lockFirst: true,
  value: 'Mine',
};
const EXAMPLES: [Action[]][] = [
  [[ATTACK]],
  [[{ ...ATTACK, kind: 'save' }]],
  [[{ ...ATTACK, table: 'contentblock', other: 1 }]],
];

describe.each(DIALECTS)('random editing sequences on %s', (dialect) => {
  let t: TestApp;
  let pageTemplate = '';
  let demoPage = '';

  beforeAll(async () => {
    t = await startApp(dialect);
    await seedIfEmpty(t.db);
    await t.db
      .insertInto('roles')
      .values([
        { role_id: EDITOR_ROLE, role_name: 'Sequence editors', role_rank: 10, is_admin: 0 },
        { role_id: READER_ROLE, role_name: 'Sequence readers', role_rank: 10, is_admin: 0 },
      ])
      .execute();
    await t.tokenFor('ed', [EDITOR_ROLE]);
    await t.tokenFor('rd', [READER_ROLE]);
    await t.tokenFor('out', []);
    await setPermissions(DEMO_HOME_ID, EDITOR_ROLE, { Read: 1, Edit: 0, Create: 0, Delete: 0 });
    await setPermissions(DEMO_HOME_ID, READER_ROLE, { Read: 1 });
    const home = await t.db
      .selectFrom('content_items')
      .select('template_id')
      .where('content_id', '=', DEMO_HOME_ID)
      .executeTakeFirstOrThrow();
    pageTemplate = home.template_id!;
    demoPage = (
      await t.db
        .selectFrom('content_items')
        .select('content_id')
        .where('parent_id', '=', DEMO_HOME_ID)
        .where('content_name', '=', 'About')
        .executeTakeFirstOrThrow()
    ).content_id;
  });
  afterAll(() => t.close());

  async function setPermissions(
    item: string,
    role: string,
    flags: Partial<Record<Permission, 0 | 1>>,
  ) {
    for (const [permission_id, permission] of Object.entries(flags))
      await t.db
        .insertInto('role_permissions')
        .values({ role_id: role, content_id: item, permission_id, permission: permission! })
        .execute();
    t.app.canopy.readCache.clear();
  }

  async function snapshot(): Promise<Snapshot> {
    const rows = {} as Snapshot['rows'];
    for (const table of TABLES)
      rows[table] = (await t.db.selectFrom(table).selectAll().execute()) as Row[];
    const byItem = new Map<string, string[]>();
    const byVersion = new Map<string, string[]>();
    for (const table of TABLES)
      for (const row of rows[table]) {
        const kept = Object.fromEntries(
          Object.entries(row).filter(([key]) => table !== 'content_items' || !POSITION.has(key)),
        );
        const text = `${table} ${JSON.stringify(kept)}`;
        byItem.set(row.content_id, [...(byItem.get(row.content_id) ?? []), text]);
        if (row.version !== undefined) {
          const key = `${row.content_id}#${row.version}`;
          byVersion.set(key, [...(byVersion.get(key) ?? []), text]);
        }
      }
    const joined = (map: Map<string, string[]>) =>
      new Map([...map].map(([key, texts]) => [key, texts.sort().join('\n')]));
    // rows in a fixed order (tree path, version, template block) so picks by index repeat
    const pathOf = new Map(rows.content_items.map((row) => [row.content_id, String(row.path)]));
    const order = (row: Row) =>
      `${pathOf.get(row.content_id)}|${String(row.version).padStart(4, '0')}|${String(row.template_block_id ?? row.template_id ?? '')}|${String(row.content_block_order ?? '')}`;
    for (const table of TABLES) rows[table].sort((a, b) => order(a).localeCompare(order(b)));
    return {
      rows,
      byItem: joined(byItem),
      byVersion: joined(byVersion),
      status: new Map(
        rows.content_versions.map((row) => [
          `${row.content_id}#${row.version}`,
          String(row.status_id),
        ]),
      ),
      parent: new Map(
        rows.content_items.map((row) => [row.content_id, row.parent_id as string | null]),
      ),
    };
  }

  /** The documented rule, modelled: per role the nearest setting from the root down; any role grants. */
  async function permissionModel(state: Snapshot) {
    const memberships = await t.db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.user_id', 'user_roles.user_id')
      .innerJoin('roles', 'roles.role_id', 'user_roles.role_id')
      .select(['users.username', 'roles.role_id', 'roles.is_admin'])
      .execute();
    const settings = await t.db.selectFrom('role_permissions').selectAll().execute();
    return (user: string, item: string | null | undefined): Set<Permission> => {
      const mine = memberships.filter((m) => m.username === user);
      if (mine.some((m) => m.is_admin)) return new Set(PERMISSIONS);
      const chain: string[] = [];
      for (let id = item; id; id = state.parent.get(id)) chain.unshift(id);
      const held = new Set<Permission>();
      for (const { role_id } of mine) {
        const current = new Map<string, boolean>();
        for (const id of chain)
          for (const s of settings)
            if (s.role_id === role_id && s.content_id === id)
              current.set(s.permission_id, s.permission === 1);
        for (const [permission, granted] of current)
          if (granted) held.add(permission as Permission);
      }
      return held;
    };
  }

  /** What the step changed that the caller was not allowed to change. */
  function violations(
    before: Snapshot,
    after: Snapshot,
    user: string,
    may: (user: string, item: string | null | undefined) => Set<Permission>,
  ): string[] {
    const found: string[] = [];
    for (const [key, rows] of before.byVersion) {
      const [id] = key.split('#');
      if (
        before.status.get(key) === 'published' &&
        after.byItem.has(id!) &&
        after.byVersion.get(key) !== rows
      )
        found.push(
          `published version ${key} changed:\n- ${rows}\n+ ${after.byVersion.get(key) ?? '(gone)'}`,
        );
    }
    for (const id of new Set([...before.byItem.keys(), ...after.byItem.keys()])) {
      const was = before.byItem.get(id);
      const is = after.byItem.get(id);
      if (was === is) continue;
      if (was === undefined) {
        if (!may(user, after.parent.get(id)).has('Create'))
          found.push(`${user} added ${id} under ${after.parent.get(id)} without Create there`);
      } else if (is === undefined) {
        if (!may(user, id).has('Delete')) found.push(`${user} removed ${id} without Delete on it`);
      } else {
        if (!may(user, id).has('Edit')) found.push(`${user} changed ${id} without Edit on it`);
        const parent = after.parent.get(id);
        if (parent !== before.parent.get(id)) {
          const there = may(user, parent);
          if (!there.has('Edit') && !there.has('Create'))
            found.push(`${user} moved ${id} under ${parent} without Edit or Create there`);
        }
      }
    }
    return found;
  }

  /**
   * A fresh subtree under Home: A (ed's) with A1 (published + draft) and A2 (a sparse draft); B
   * (published) with B1 (published + staged).
   */
  async function freshTree(): Promise<string[]> {
    const create = async (parent: string, name: string) => {
      const res = ok(
        await t.request({
          method: 'POST',
          url: '/api/contents',
          payload: {
            parent_id: parent,
            template_id: pageTemplate,
            content_name: name,
            allowed_content_type: 'page',
          },
        }),
      );
      return res.json().content_id as string;
    };
    const a = await create(DEMO_HOME_ID, 'A');
    const a1 = await create(a, 'A1');
    const a2 = await create(a, 'A2');
    const b = await create(DEMO_HOME_ID, 'B');
    const b1 = await create(b, 'B1');
    // A2's version lacks most of its fields, as a version made before its template grew would:
    // the field-by-field calls may create them
    const itemName = t.db
      .selectFrom('template_blocks')
      .select('block_id')
      .where('template_id', '=', pageTemplate)
      .where('block_name', '=', 'Item Name');
    await t.db
      .deleteFrom('content_fields')
      .where('content_id', '=', a2)
      .where('field_id', 'not in', t.db.selectFrom('dynamic_regions').select('field_id'))
      .where('template_block_id', 'not in', itemName)
      .execute();
    for (const id of [a1, b, b1]) await publish(t, id);
    await t.db
      .updateTable('content_items')
      .set({ locked_by: null })
      .where('content_id', 'in', [a1, b1])
      .execute();
    for (const id of [a1, b1])
      ok(
        await t.request({
          method: 'POST',
          url: '/api/contents/draft',
          payload: { content_id: id },
        }),
      );
    ok(
      await t.request({
        method: 'PUT',
        url: `/api/contents/${b1}`,
        payload: { version: 2, status_id: 'staged' },
      }),
    );
    await t.db
      .updateTable('content_items')
      .set({ locked_by: null })
      .where('content_id', 'in', [a, a1, a2, b, b1])
      .execute();
    await setPermissions(a, EDITOR_ROLE, { Read: 1, Edit: 1, Create: 1, Delete: 1 });
    return [a, a1, a2, b, b1];
  }

  /** The request (or two, with a lock first) an action makes, resolved against the current rows. */
  function requestsFor(step: Action, state: Snapshot, items: string[]) {
    const mine = items.filter((id) => state.byItem.has(id));
    const live = [...mine, DEMO_HOME_ID, demoPage];
    // mostly the sequence's own items; now and then the demo site's
    const target = (step.target % 5 === 0 || mine.length === 0 ? live : mine)[
      step.target % (step.target % 5 === 0 || mine.length === 0 ? live : mine).length
    ]!;
    const other = live[step.other % live.length]!;
    const versions = state.rows.content_versions
      .filter((row) => row.content_id === target)
      .map((row) => row.version!);
    const latest = Math.max(1, ...versions);
    const updatedDate = (version: number) =>
      state.rows.content_versions.find(
        (row) => row.content_id === target && row.version === version,
      )?.updated_date;
    /**
     * A row of the table: a third of the time one of the target's newest version, a third any
     * item's, a third another item's row for a template block the target's version has no row for
     * (what a create may legitimately name, with an id that is not the caller's to take).
     */
    const pick = (table: (typeof TABLES)[number]) => {
      const own = state.rows[table].filter(
        (row) => row.content_id === target && row.version === latest,
      );
      const templateOf = (id: string) =>
        state.rows.content_items.find((row) => row.content_id === id)?.template_id;
      const present = new Set(own.map((row) => row.template_block_id));
      const lacking = state.rows[table].filter(
        (row) =>
          row.content_id !== target &&
          row.template_block_id !== undefined &&
          !present.has(row.template_block_id) &&
          templateOf(row.content_id) === templateOf(target),
      );
      const pools = [own, state.rows[table], lacking];
      const pool = pools[step.other % 3]!.length > 0 ? pools[step.other % 3]! : state.rows[table];
      return pool[Math.floor(step.other / 3) % pool.length]!;
    };
    /** The target's own row of a table (newest version), to hang a created row from. */
    const ownRow = (table: (typeof TABLES)[number]) => {
      const own = state.rows[table].filter(
        (row) => row.content_id === target && row.version === latest,
      );
      return own[step.target % Math.max(1, own.length)] ?? ({} as Row);
    };
    const versionOf = (row: Row) =>
      step.version === 'latest' ? latest : step.version === 'row' ? row.version! : 1;
    const id = (row: Row, column: string) => (step.fresh ? randomUUID() : (row[column] as string));
    type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
    const calls: Call[] = [];
    if (step.lockFirst) calls.push({ method: 'PUT', url: `/api/lockcontents/${target}` });
    const contentUrl = `/api/contents/${target}`;
    switch (step.kind) {
      case 'lock':
        calls.push({ method: 'PUT', url: `/api/lockcontents/${target}` });
        break;
      case 'unlock':
        calls.push({ method: 'PUT', url: `/api/unlockcontents/${target}` });
        break;
      case 'draft':
        calls.push({
          method: 'POST',
          url: '/api/contents/draft',
          payload: { content_id: target, copied_from: latest },
        });
        break;
      case 'stage':
      case 'unstage':
        calls.push({
          method: 'PUT',
          url: contentUrl,
          payload: { version: latest, status_id: step.kind === 'stage' ? 'staged' : 'draft' },
        });
        break;
      case 'deleteDraft':
        calls.push({ method: 'DELETE', url: `/api/contents/draft/${target}` });
        break;
      case 'delete':
        calls.push({ method: 'DELETE', url: contentUrl });
        break;
      case 'move':
        calls.push({
          method: 'PUT',
          url: contentUrl,
          payload: { parent_id: other, content_order: 1 },
        });
        break;
      case 'create':
        calls.push({
          method: 'POST',
          url: '/api/contents',
          payload: {
            parent_id: other,
            template_id: pageTemplate,
            content_name: 'Made',
            allowed_content_type: 'page',
          },
        });
        break;
      case 'save': {
        const field = pick('content_fields');
        const version = versionOf(field);
        calls.push({
          method: 'PUT',
          url: contentUrl,
          payload: {
            version,
            updated_date: updatedDate(version) ?? 'unknown',
            content_fields: [
              {
                field_id: id(field, 'field_id'),
                template_block_id: field.template_block_id,
                field_value: step.value,
                ...(step.create ? { cmsItemStatus: { create: true } } : {}),
              },
            ],
          },
        });
        break;
      }
      case 'part': {
        const table = {
          contentfields: 'content_fields',
          dynamiccontentregion: 'dynamic_regions',
          contentblock: 'content_blocks',
          contentblockfield: 'block_fields',
        } as const;
        const row = pick(table[step.table]);
        const version = versionOf(row);
        const rowId =
          step.table === 'dynamiccontentregion'
            ? 'region_id'
            : step.table === 'contentblock'
              ? 'block_id'
              : 'field_id';
        const base = `/api/${step.table}/`;
        // a created row names its id (the picked row's, or a new one) and hangs from one of
        // the target's own rows (its zone field, region, block), as an editor's client would
        const bodies = {
          contentfields: {
            content_id: target,
            template_block_id: row.template_block_id,
            field_value: step.value,
          },
          dynamiccontentregion: {
            field_id: ownRow('dynamic_regions').field_id ?? row.field_id,
            region_value: null,
          },
          contentblock: {
            region_id: ownRow('dynamic_regions').region_id ?? row.region_id,
            template_id: row.template_id,
            content_block_order: 1,
          },
          contentblockfield: {
            block_id: ownRow('content_blocks').block_id ?? row.block_id,
            template_block_id: row.template_block_id,
            field_value: step.value,
          },
        };
        const method =
          step.method === 'DELETE' &&
          (step.table === 'contentfields' || step.table === 'dynamiccontentregion')
            ? 'PUT'
            : step.method;
        if (method === 'POST')
          calls.push({
            method,
            url: base,
            payload: { [rowId]: id(row, rowId), version, ...bodies[step.table] },
          });
        else if (method === 'PUT') {
          const update: Record<string, unknown> = { version };
          if (step.table === 'contentfields')
            Object.assign(update, { content_id: target, field_value: step.value });
          if (step.table === 'dynamiccontentregion')
            update.region_value = { id: row.region_id, type: 'dynamicZone', blocks: [] };
          if (step.table === 'contentblock') update.content_block_order = 2;
          if (step.table === 'contentblockfield') update.field_value = step.value;
          calls.push({ method, url: `${base}${String(row[rowId])}`, payload: update });
        } else calls.push({ method, url: `${base}${String(row[rowId])}?version=${version}` });
        break;
      }
    }
    return calls;
  }

  it('never changes a published version nor lets anyone write what they may not edit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: STEPS / 2, maxLength: STEPS }),
        async (steps) => {
          const items = await freshTree();
          const log: string[] = [];
          let before = await snapshot();
          for (const step of steps) {
            const may = await permissionModel(before);
            for (const call of requestsFor(step, before, items)) {
              const res = await t.request({ ...call, as: step.user });
              log.push(
                `${step.user} ${call.method} ${call.url} ${call.payload ? JSON.stringify(call.payload) : ''} -> ${res.statusCode} ${res.body.slice(0, 160)}`,
              );
              if (res.statusCode >= 500) throw new Error(`5xx:\n${log.join('\n')}`);
              if (call.method === 'POST' && call.url === '/api/contents' && res.statusCode === 201)
                items.push(res.json().content_id);
            }
            const after = await snapshot();
            const found = violations(before, after, step.user, may);
            before = after;
            if (found.length > 0)
              throw new Error(
                `${found.join('\n')}\nafter these calls (subtree ${items.join(', ')}):\n${log.join('\n')}`,
              );
          }
        },
      ),
      { ...params(RUNS), examples: EXAMPLES },
    );
  });
});

/**
 * The one planner every kind of row goes through (content fields, dynamic regions, content blocks,
 * block fields): each change is checked against the version's current rows and turned into an
 * insert, an update or a delete, tracking what will exist after the save. What differs per kind
 * (which fields a create needs, what may not change, how a row is built) is a `RowKind`.
 */
import type { ChangeStatus } from '@canopy/core';
import type { RowsByKind } from '../../repositories/version-changes';

/** How the API names each kind in errors. */
export type Kind = 'content_field' | 'dynamic_region' | 'content_block' | 'block_field';
/** What a change does, spelled as the change status is (`cmsItemStatus`). */
export type ChangeAction = 'create' | 'edited' | 'delete';

export interface ChangeError {
  kind: Kind;
  id: string;
  template_block_id?: string;
  message: string;
}

/** A change's status as one action; no status means edited. */
export function actionOf(status: ChangeStatus | undefined): ChangeAction {
  if (status?.delete) return 'delete';
  if (status?.create) return 'create';
  return 'edited';
}

type Rows = { [K in keyof RowsByKind]: RowsByKind[K][number] };
type Row = Rows[keyof Rows];
/** RowsByKind as a mapped type, so that indexing it with a kind gives that kind's rows. */
type RowLists = { [K in keyof Rows]: Rows[K][] };

/** The version's rows before the save, and as the changes planned so far leave them. */
export interface PlanState {
  key: { content_id: string; version: number };
  before: { [K in keyof Rows]: Map<string, Rows[K]> };
  after: { [K in keyof Rows]: Map<string, Rows[K]> };
  inserts: RowLists;
  updates: RowLists;
  deletes: Record<keyof Rows, string[]>;
  errors: ChangeError[];
}

/** What one change is checked against; `fail` records "The <kind> <id> <fragment>". */
export interface ChangeScope {
  id: string;
  fail(fragment: string): null;
  /** Records a problem stated as a whole sentence (field rules), keyed to its template block. */
  problem(message: string, template_block_id?: string): void;
}

export interface ChangeBase {
  version?: number | undefined;
  content_id?: string | undefined;
  cmsItemStatus?: ChangeStatus | undefined;
}

export interface RowKind<R extends keyof Rows, C extends ChangeBase> {
  kind: Kind;
  rows: R;
  /** What a row is called in "is not a <noun> of content ...". */
  noun: string;
  idOf(change: C): string;
  /** The fields a create must carry. */
  createNeeds: ReadonlyArray<keyof C & string>;
  /** Fields that place a row and never change on an edit. */
  fixed: ReadonlyArray<keyof C & keyof Rows[R] & string>;
  /** The row an existing row hangs from, which must outlive the save for it to be edited. */
  parent?: { rows: keyof Rows; of(row: Rows[R]): string; label: string };
  /** The new row (`current` undefined on create), or null once a problem is recorded. */
  build(change: C, current: Rows[R] | undefined, scope: ChangeScope): Rows[R] | null;
}

export function emptyPlan(
  key: PlanState['key'],
  before: { [K in keyof Rows]: Rows[K][] },
): PlanState {
  const byId = <K extends keyof Rows>(kind: K, rows: Rows[K][]) =>
    new Map(rows.map((row) => [idOfRow(kind, row), row]));
  const index = () => ({
    field: byId('field', before.field),
    region: byId('region', before.region),
    block: byId('block', before.block),
    blockField: byId('blockField', before.blockField),
  });
  const lists = () => ({ field: [], region: [], block: [], blockField: [] });
  return {
    key,
    before: index(),
    after: index(),
    inserts: lists(),
    updates: lists(),
    deletes: lists(),
    errors: [],
  };
}

function idOfRow(kind: keyof Rows, row: Row): string {
  if (kind === 'region') return (row as Rows['region']).region_id;
  if (kind === 'block') return (row as Rows['block']).block_id;
  return (row as Rows['field']).field_id;
}

/** Plans every change of one kind into `state`, recording every problem found. */
export function planKind<R extends keyof Rows, C extends ChangeBase>(
  spec: RowKind<R, C>,
  changes: readonly C[],
  state: PlanState,
): void {
  const { key } = state;
  const seen = new Set<string>();
  for (const change of changes) {
    const id = spec.idOf(change);
    const scope: ChangeScope = {
      id,
      fail(fragment) {
        state.errors.push({
          kind: spec.kind,
          id,
          message: `The ${spec.kind.replace('_', ' ')} ${id} ${fragment}`,
        });
        return null;
      },
      problem(message, template_block_id) {
        state.errors.push({
          kind: spec.kind,
          id,
          message,
          ...(template_block_id ? { template_block_id } : {}),
        });
      },
    };
    if (seen.has(id)) {
      scope.fail('appears more than once in this save');
      continue;
    }
    seen.add(id);
    if (change.content_id !== undefined && change.content_id !== key.content_id) {
      scope.fail(`belongs to content ${change.content_id}, not to ${key.content_id}`);
    }
    if (change.version !== undefined && change.version !== key.version) {
      scope.fail(`names version ${change.version}, but this save writes version ${key.version}`);
    }
    const row = planOne(spec, change, state, scope);
    if (row) {
      const current = state.before[spec.rows].has(id);
      const lists: RowLists = current ? state.updates : state.inserts;
      lists[spec.rows].push(row);
      state.after[spec.rows].set(id, row);
    }
  }
}

function planOne<R extends keyof Rows, C extends ChangeBase>(
  spec: RowKind<R, C>,
  change: C,
  state: PlanState,
  scope: ChangeScope,
): Rows[R] | null {
  const { key } = state;
  const action = actionOf(change.cmsItemStatus);
  const current = state.before[spec.rows].get(scope.id);
  if (action === 'create' && current) {
    return scope.fail(`already exists in version ${key.version}; mark it edited instead`);
  }
  if (action !== 'create' && !current) {
    return scope.fail(`is not a ${spec.noun} of content ${key.content_id} version ${key.version}`);
  }
  if (action === 'delete') {
    state.deletes[spec.rows].push(scope.id);
    state.after[spec.rows].delete(scope.id);
    return null;
  }
  if (!current) {
    const missing = spec.createNeeds.filter((name) => change[name] == null);
    if (missing.length > 0) return scope.fail(`needs ${missing.join(' and ')} to be created`);
  } else {
    for (const name of spec.fixed) {
      const asked = change[name] as unknown;
      const held = current[name] as unknown;
      if (asked !== undefined && asked !== held) {
        return scope.fail(`has ${name} ${String(held)}, which cannot change to ${String(asked)}`);
      }
    }
    if (spec.parent && !state.after[spec.parent.rows].has(spec.parent.of(current))) {
      return scope.fail(`its ${spec.parent.label} is deleted by this save`);
    }
  }
  return spec.build(change, current, scope);
}

/**
 * Which tables a piece of work wrote to, as the database saw it: every query of a database opened
 * by `openDatabase` passes `WriteWatch`, which adds the tables a write names to the set of the
 * work it runs in (`watchWrites`). The read cache uses this to know what a request changed without
 * trusting each route to say so (plugins/context.ts).
 *
 * A write whose table cannot be read from the query (SQL text that is no plain INSERT, UPDATE or
 * DELETE, a statement the watch does not know) adds `ANY_TABLE`, so an unknown write counts as a
 * write to every table, never to none.
 *
 * For the tables in `ROW_KEYS` it also keeps which rows were written, when every write to them
 * named its rows by key: an UPDATE or DELETE whose WHERE does (`content_id = ?`,
 * `content_id IN (...)`, either joined with AND to anything), an INSERT of values that give the
 * key. A rename, move, addition or deletion of one item then changes a few rows of the cached
 * menus, not the whole tree. Any other write to such a table (an update of rows chosen by
 * something else, an INSERT ... SELECT, an upsert that may update another row, SQL text) marks
 * its rows unknown. It also keeps the tables deleted from, as a delete may cascade.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Stands for a table the watch could not name. */
export const ANY_TABLE = '*';

/** The tables whose written rows the watch keeps, with the column that names a row. */
const ROW_KEYS: Readonly<Record<string, string>> = {
  content_items: 'content_id',
  role_permissions: 'content_id',
};

/** What a piece of work wrote. */
export class Writes {
  /** The tables written to. */
  readonly tables = new Set<string>();
  /**
   * For each table of `ROW_KEYS` written to, the keys of the rows its updates named, or
   * `undefined` once a write to it did not name them.
   */
  readonly rows = new Map<string, Set<string> | undefined>();
  /** The tables rows were deleted from (or may have been, by a statement the watch cannot read). */
  readonly deletes = new Set<string>();

  /** The rows of `table` written, if every write to it named them (none if it was not written). */
  rowsOf(table: string): ReadonlySet<string> | undefined {
    return this.rows.has(table) ? this.rows.get(table) : new Set();
  }

  add(node: OperationNode): void {
    for (const table of writtenBy(node)) {
      this.tables.add(table);
      if (node.kind !== 'InsertQueryNode' && node.kind !== 'UpdateQueryNode')
        this.deletes.add(table);
      if (table !== ANY_TABLE && ROW_KEYS[table] === undefined) continue;
      const keys = table === ANY_TABLE ? undefined : writtenKeys(node, table);
      for (const name of table === ANY_TABLE ? Object.keys(ROW_KEYS) : [table]) {
        const known = this.rows.has(name) ? this.rows.get(name) : new Set<string>();
        if (known && keys) for (const key of keys) known.add(key);
        this.rows.set(name, known && keys ? known : undefined);
      }
    }
  }
}

const scopes = new AsyncLocalStorage<Writes>();

/** Runs `work` (and everything it starts) adding what its writes name to `writes`. */
export function watchWrites<T>(writes: Writes, work: () => T): T {
  return scopes.run(writes, work);
}

export class WriteWatch implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    scopes.getStore()?.add(node);
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

/** SQL text that reads (or only locks or waits): the rest counts as a write. */
const READS = /^\s*(select|values|explain|pragma|fetch|show|listen|unlisten|notify)\b/i;
/** A WITH query reads unless a write's keyword is anywhere in it (a data-modifying CTE). */
const WITH = /^\s*with\b/i;
const WRITE_WORDS = /\b(insert|update|delete|merge|replace|upsert)\b/i;
/** SQL text that writes one named table: INSERT INTO t, UPDATE t, DELETE FROM t. */
const WRITES =
  /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+(?:"?\w+"?\.)?"?(\w+)"?/i;

/** The tables a query writes to: none for a read. */
function writtenBy(node: OperationNode): string[] {
  const query = node as OperationNode & Record<string, unknown>;
  const fromWith = writesInWith(query.with);
  switch (node.kind) {
    case 'SelectQueryNode':
      return fromWith;
    case 'InsertQueryNode':
      return [...fromWith, ...tablesOf(query.into)];
    case 'UpdateQueryNode':
      return [...fromWith, ...tablesOf(query.table)];
    case 'DeleteQueryNode':
      return [...fromWith, ...tablesOf(query.from)];
    case 'MergeQueryNode':
      return [...fromWith, ...tablesOf(query.into)];
    case 'RawNode': {
      const text = (query.sqlFragments as readonly string[]).join('?');
      if (READS.test(text) || (WITH.test(text) && !WRITE_WORDS.test(text))) return [];
      const table = WRITES.exec(text)?.[1];
      return [table ? table.toLowerCase() : ANY_TABLE];
    }
    default:
      // Schema changes and anything else the watch does not know.
      return [ANY_TABLE];
  }
}

/** Writes in a WITH clause's queries (a data-modifying CTE). */
function writesInWith(withNode: unknown): string[] {
  const expressions = (withNode as { expressions?: { expression: OperationNode }[] } | undefined)
    ?.expressions;
  return expressions?.flatMap((cte) => writtenBy(cte.expression)) ?? [];
}

/** The table names in a table, an aliased table, a list of them or a FROM clause. */
function tablesOf(node: unknown): string[] {
  const part = node as (OperationNode & Record<string, unknown>) | undefined;
  switch (part?.kind) {
    case 'TableNode': {
      const name = (part.table as { identifier?: { name?: unknown } }).identifier?.name;
      return [typeof name === 'string' ? name : ANY_TABLE];
    }
    case 'AliasNode':
      return tablesOf(part.node);
    case 'FromNode':
      return (part.froms as OperationNode[]).flatMap(tablesOf);
    case 'ListNode':
      return (part.items as OperationNode[]).flatMap(tablesOf);
    default:
      return [ANY_TABLE];
  }
}

/**
 * The keys of the rows of `table` that `node` may have written: those an UPDATE or DELETE of
 * `table` alone (no FROM, USING, joins or WITH) names in its WHERE, or those a plain INSERT of
 * listed values (no upsert or REPLACE) gives the key column. Otherwise undefined.
 */
function writtenKeys(node: OperationNode, table: string): string[] | undefined {
  const query = node as OperationNode & Record<string, unknown>;
  if (query.from && node.kind !== 'DeleteQueryNode') return undefined;
  if (query.using || query.joins || query.with) return undefined;
  // An upsert may update another row (one holding a value unique elsewhere) unless it does
  // nothing or its conflict is on the key; a REPLACE may delete another row.
  if (query.onDuplicateKey || query.replace || query.orAction) return undefined;
  const conflict = query.onConflict as
    { doNothing?: boolean; columns?: { column?: { name?: unknown } }[] } | undefined;
  if (
    conflict &&
    !conflict.doNothing &&
    !conflict.columns?.some((node) => node.column?.name === ROW_KEYS[table])
  ) {
    return undefined;
  }
  const column = ROW_KEYS[table]!;
  if (node.kind === 'InsertQueryNode') return insertedKeys(query, column);
  if (node.kind !== 'UpdateQueryNode' && node.kind !== 'DeleteQueryNode') return undefined;
  const target = (
    node.kind === 'UpdateQueryNode'
      ? query.table
      : (query.from as { froms?: OperationNode[] } | undefined)?.froms?.[0]
  ) as (OperationNode & Record<string, unknown>) | undefined;
  const froms = (query.from as { froms?: unknown[] } | undefined)?.froms;
  if (!target || (froms && froms.length !== 1)) return undefined;
  const names = new Set([table]);
  if (target.kind === 'AliasNode') {
    const alias = (target.alias as { name?: unknown } | undefined)?.name;
    if (typeof alias === 'string') names.add(alias);
  }
  const where = (query.where as { where?: OperationNode } | undefined)?.where;
  return where && keysIn(where, column, names);
}

/** The values an INSERT gives `column`, when every row lists it as a plain value. */
function insertedKeys(
  insert: OperationNode & Record<string, unknown>,
  column: string,
): string[] | undefined {
  const columns = (insert.columns as { column?: { name?: unknown } }[] | undefined)?.map(
    (node) => node.column?.name,
  );
  const at = columns?.indexOf(column) ?? -1;
  const values = insert.values as { kind?: string; values?: unknown[] } | undefined;
  if (at < 0 || values?.kind !== 'ValuesNode') return undefined;
  const keys: unknown[] = [];
  for (const row of values.values as { kind: string; values: unknown[] }[]) {
    const value = row.values[at] as { kind?: string; value?: unknown } | unknown;
    if (row.kind === 'PrimitiveValueListNode') keys.push(value);
    else if (row.kind === 'ValueListNode') {
      const node = value as { kind?: string; value?: unknown };
      keys.push(node.kind === 'ValueNode' ? node.value : undefined);
    } else return undefined;
  }
  return keys.every((key) => typeof key === 'string') ? (keys as string[]) : undefined;
}

/** The keys a condition limits its rows to (`column = k`, `column IN (...)`), if it does. */
function keysIn(node: OperationNode, column: string, tables: Set<string>): string[] | undefined {
  const part = node as OperationNode & Record<string, unknown>;
  switch (node.kind) {
    case 'ParensNode':
      return keysIn(part.node as OperationNode, column, tables);
    case 'AndNode':
      return (
        keysIn(part.left as OperationNode, column, tables) ??
        keysIn(part.right as OperationNode, column, tables)
      );
    case 'OrNode': {
      const left = keysIn(part.left as OperationNode, column, tables);
      const right = left && keysIn(part.right as OperationNode, column, tables);
      return left && right && [...left, ...right];
    }
    case 'BinaryOperationNode': {
      const operator = (part.operator as { operator?: unknown }).operator;
      if (!isColumn(part.leftOperand, column, tables)) return undefined;
      const right = part.rightOperand as OperationNode & Record<string, unknown>;
      const values =
        operator === '=' && right.kind === 'ValueNode'
          ? [right.value]
          : operator === 'in' && right.kind === 'PrimitiveValueListNode'
            ? (right.values as unknown[])
            : operator === 'in' && right.kind === 'ValueListNode'
              ? (right.values as { kind: string; value?: unknown }[]).map((value) =>
                  value.kind === 'ValueNode' ? value.value : undefined,
                )
              : undefined;
      return values?.every((value) => typeof value === 'string') ? (values as string[]) : undefined;
    }
    default:
      return undefined;
  }
}

/** Whether a reference is `column` of the updated table (unqualified, or by its name or alias). */
function isColumn(node: unknown, column: string, tables: Set<string>): boolean {
  const reference = node as { kind?: string; table?: unknown; column?: unknown };
  if (reference.kind !== 'ReferenceNode') return false;
  const name = (reference.column as { column?: { name?: unknown } } | undefined)?.column?.name;
  if (name !== column) return false;
  if (reference.table === undefined) return true;
  const qualifier = (reference.table as { table?: { identifier?: { name?: unknown } } }).table
    ?.identifier?.name;
  return typeof qualifier === 'string' && tables.has(qualifier);
}

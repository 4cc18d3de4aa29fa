/**
 * Which tables a piece of work wrote to, as the database saw it: every query of a database opened
 * by `openDatabase` passes `WriteWatch`, which adds the tables a write names to the set of the
 * work it runs in (`watchWrites`). The read cache uses this to know what a request changed without
 * trusting each route to say so (plugins/context.ts).
 *
 * A write whose table cannot be read from the query (SQL text that is no plain INSERT, UPDATE or
 * DELETE, a statement the watch does not know) adds `ANY_TABLE`, so an unknown write counts as a
 * write to every table, never to none.
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

/** The tables written to while the work ran. */
export type WrittenTables = Set<string>;

const scopes = new AsyncLocalStorage<WrittenTables>();

/** Runs `work` (and everything it starts) adding the tables its writes name to `tables`. */
export function watchWrites<T>(tables: WrittenTables, work: () => T): T {
  return scopes.run(tables, work);
}

export class WriteWatch implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const tables = scopes.getStore();
    if (tables) for (const table of writtenBy(node)) tables.add(table);
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

/** SQL text that reads (or only locks or waits): the rest counts as a write. */
const READS = /^\s*(select|values|explain|pragma|fetch|show|listen|unlisten|notify)\b/i;
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
      if (READS.test(text)) return [];
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

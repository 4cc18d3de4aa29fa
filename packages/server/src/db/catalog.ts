/**
 * The database's own catalog, read the way each dialect keeps it: the tables an export carries
 * (whatever the migrations created, so a table added by a later migration is never skipped), with
 * their columns, primary keys and foreign keys, in an order in which every row's references come
 * before it; and a table's rows in the order the database stores them.
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database, Db, DialectName } from './index';

/**
 * The migrator's own bookkeeping (the target database has its own), and caches the database
 * fills again itself (`version_documents`: builds store it, its triggers clear it).
 */
const NOT_CARRIED = new Set(['kysely_migration', 'kysely_migration_lock', 'version_documents']);

export interface TableShape {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** SQLite: the table has a rowid (the order rows were added in). */
  rowid: boolean;
  /** A column referring to another row of the same table (a tree), with the column it names. */
  parent?: { column: string; references: string };
}

interface ForeignKey {
  table: string;
  constraint: string;
  referenced: string;
  from: string;
  /** Null: the referenced table's primary key (SQLite leaves it out then). */
  to: string | null;
}

/** Every table of the database with its shape, parents before the tables that refer to them. */
export async function readTables(db: Db, dialect: DialectName): Promise<TableShape[]> {
  const names = await tableNames(db, dialect);
  const keys = await foreignKeys(db, dialect, names);
  const shapes = new Map<string, TableShape>();
  for (const name of names) {
    const { columns, primaryKey, rowid } = await columnsOf(db, dialect, name);
    shapes.set(name, { name, columns, primaryKey, rowid });
  }
  const dependsOn = new Map(names.map((name) => [name, new Set<string>()]));
  const constraints = new Map<string, ForeignKey[]>();
  for (const key of keys) {
    const id = `${key.table}.${key.constraint}`;
    constraints.set(id, [...(constraints.get(id) ?? []), key]);
  }
  for (const parts of constraints.values()) {
    const { table, referenced } = parts[0]!;
    if (table !== referenced) {
      dependsOn.get(table)!.add(referenced);
      continue;
    }
    if (parts.length !== 1 || shapes.get(table)!.parent) {
      throw new Error(`Table ${table} refers to itself in a way an import cannot restore`);
    }
    const shape = shapes.get(table)!;
    shape.parent = { column: parts[0]!.from, references: parts[0]!.to ?? shape.primaryKey[0]! };
  }
  return inDependencyOrder(names, dependsOn).map((name) => shapes.get(name)!);
}

function inDependencyOrder(names: string[], dependsOn: Map<string, Set<string>>): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const remaining = [...names].sort();
  while (remaining.length > 0) {
    const ready = remaining.filter((name) =>
      [...dependsOn.get(name)!].every((other) => placed.has(other) || !dependsOn.has(other)),
    );
    if (ready.length === 0) {
      throw new Error(
        `Tables ${remaining.join(', ')} refer to each other; the export cannot order them`,
      );
    }
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
      remaining.splice(remaining.indexOf(name), 1);
    }
  }
  return ordered;
}

async function rows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

async function tableNames(db: Db, dialect: DialectName): Promise<string[]> {
  const found =
    dialect === 'sqlite'
      ? await rows(
          db,
          sql<{ name: string }>`SELECT name FROM sqlite_master
            WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`,
        )
      : await rows(
          db,
          sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
        );
  return found
    .map((row) => row.name)
    .filter((name) => !NOT_CARRIED.has(name))
    .sort();
}

async function columnsOf(
  db: Db,
  dialect: DialectName,
  table: string,
): Promise<{ columns: string[]; primaryKey: string[]; rowid: boolean }> {
  if (dialect === 'sqlite') {
    const [list] = await rows(
      db,
      sql<{
        wr: number;
      }>`SELECT wr FROM pragma_table_list WHERE name = ${table} AND schema = 'main'`,
    );
    const info = await rows(
      db,
      sql<{
        name: string;
        pk: number;
      }>`SELECT name, pk FROM pragma_table_info(${table}) ORDER BY cid`,
    );
    return {
      columns: info.map((column) => column.name),
      primaryKey: info
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      rowid: list?.wr === 0,
    };
  }
  const columns = await rows(
    db,
    sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} ORDER BY ordinal_position`,
  );
  const primaryKey = await rows(
    db,
    sql<{ name: string }>`SELECT a.attname AS name
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE i.indisprimary AND c.relname = ${table} AND n.nspname = current_schema()
      ORDER BY k.position`,
  );
  return {
    columns: columns.map((c) => c.name),
    primaryKey: primaryKey.map((c) => c.name),
    rowid: false,
  };
}

async function foreignKeys(db: Db, dialect: DialectName, tables: string[]): Promise<ForeignKey[]> {
  if (dialect === 'sqlite') {
    const keys: ForeignKey[] = [];
    for (const table of tables) {
      const list = await rows(
        db,
        sql<{
          id: number;
          table: string;
          from: string;
          to: string | null;
        }>`SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(${table})`,
      );
      for (const key of list) {
        keys.push({
          table,
          constraint: String(key.id),
          referenced: key.table,
          from: key.from,
          to: key.to,
        });
      }
    }
    return keys;
  }
  return rows(
    db,
    sql<ForeignKey>`SELECT src.relname AS "table", c.conname AS "constraint",
        dst.relname AS referenced, a.attname AS "from", b.attname AS "to"
      FROM pg_constraint c
      JOIN pg_class src ON src.oid = c.conrelid
      JOIN pg_class dst ON dst.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = c.connamespace
      CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(from_num, to_num)
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.from_num
      JOIN pg_attribute b ON b.attrelid = c.confrelid AND b.attnum = k.to_num
      WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );
}

/** The migrations the database has run, in order (an import needs the same ones). */
export async function migrationsOf(db: Db): Promise<string[]> {
  const found = await rows(
    db,
    sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`,
  );
  return found.map((row) => row.name);
}

/** The number of rows in a table. */
export async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]!.n);
}

/** Rows fetched per round trip on PostgreSQL. */
const FETCH_ROWS = 1000;

export type TableRow = Record<string, string | number | null>;

/**
 * A table's rows in the order the database keeps them (SQLite's rowid, PostgreSQL's physical
 * order), streamed inside the transaction `trx`.
 */
export async function* tableRows(
  trx: Transaction<Database>,
  dialect: DialectName,
  table: TableShape,
): AsyncGenerator<TableRow> {
  const columns = sql.join(table.columns.map((column) => sql.ref(column)));
  const name = sql.table(table.name);
  if (dialect === 'sqlite') {
    const order = table.rowid
      ? sql`rowid`
      : sql.join(table.primaryKey.map((column) => sql.ref(column)));
    const stream = trx
      .selectFrom(sql`(SELECT ${columns} FROM ${name} ORDER BY ${order})`.as('q'))
      .selectAll()
      .stream();
    yield* stream as AsyncIterable<TableRow>;
    return;
  }
  const cursor = sql.id(`canopy_export_${table.name}`);
  await sql`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${columns} FROM ${name} ORDER BY ctid`.execute(
    trx,
  );
  try {
    for (;;) {
      const { rows } =
        await sql<TableRow>`FETCH ${sql.raw(String(FETCH_ROWS))} FROM ${cursor}`.execute(trx);
      yield* rows;
      if (rows.length < FETCH_ROWS) break;
    }
  } finally {
    await sql`CLOSE ${cursor}`.execute(trx);
  }
}

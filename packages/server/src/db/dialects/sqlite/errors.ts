/** Reads better-sqlite3's driver errors as constraint kinds. */
import type { ConstraintKind } from '../../errors-driver';

export function constraintKind(error: unknown): ConstraintKind | null {
  const code = (error as { code?: unknown })?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return 'unique';
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreignKey';
  if (code === 'SQLITE_CONSTRAINT_NOTNULL') return 'notNull';
  return null;
}

/** The columns of a violated unique constraint: "UNIQUE constraint failed: t.a, t.b". */
export function uniqueColumns(error: unknown): string[] | null {
  if (constraintKind(error) !== 'unique') return null;
  const match = /constraint failed: (.+)$/.exec(String((error as Error).message));
  return match ? match[1]!.split(',').map((column) => column.trim().replace(/^.*\./, '')) : null;
}

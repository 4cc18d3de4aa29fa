/** Reads PostgreSQL's SQLSTATE codes as constraint kinds. */
import type { ConstraintKind } from '../../errors-driver';

export function constraintKind(error: unknown): ConstraintKind | null {
  const code = (error as { code?: unknown })?.code;
  if (code === '23505') return 'unique';
  if (code === '23503') return 'foreignKey';
  if (code === '23502') return 'notNull';
  return null;
}

/** The columns of a violated unique constraint, from its detail "Key (a, b)=(...) already exists". */
export function uniqueColumns(error: unknown): string[] | null {
  if (constraintKind(error) !== 'unique') return null;
  const match = /^Key \(([^)]*)\)=/.exec(String((error as { detail?: unknown }).detail ?? ''));
  return match ? match[1]!.split(',').map((column) => column.trim()) : null;
}

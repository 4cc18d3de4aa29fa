/** Reads PostgreSQL's SQLSTATE codes as constraint kinds. */
import type { ConstraintKind } from '../../errors-driver';

export function constraintKind(error: unknown): ConstraintKind | null {
  const code = (error as { code?: unknown })?.code;
  if (code === '23505') return 'unique';
  if (code === '23503') return 'foreignKey';
  if (code === '23502') return 'notNull';
  return null;
}

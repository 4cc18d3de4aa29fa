/** Driver errors translated once per dialect, so nothing else looks at driver codes or texts. */
import {
  constraintKind as sqliteKind,
  uniqueColumns as sqliteUniqueColumns,
} from './dialects/sqlite/errors';
import {
  constraintKind as postgresKind,
  uniqueColumns as postgresUniqueColumns,
} from './dialects/postgres/errors';

export type ConstraintKind = 'unique' | 'foreignKey' | 'notNull';

export function constraintViolation(error: unknown): ConstraintKind | null {
  return sqliteKind(error) ?? postgresKind(error);
}

/** Whether an error is a unique violation whose constraint covers `column`. */
export function isUniqueViolationOn(error: unknown, column: string): boolean {
  const columns = sqliteUniqueColumns(error) ?? postgresUniqueColumns(error);
  return columns?.includes(column) ?? false;
}

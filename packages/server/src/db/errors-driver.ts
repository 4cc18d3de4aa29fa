/** Driver errors translated once per dialect, so nothing else looks at driver codes or texts. */
import { constraintKind as sqliteKind } from './dialects/sqlite/errors';
import { constraintKind as postgresKind } from './dialects/postgres/errors';

export type ConstraintKind = 'unique' | 'foreignKey' | 'notNull';

export function constraintViolation(error: unknown): ConstraintKind | null {
  return sqliteKind(error) ?? postgresKind(error);
}

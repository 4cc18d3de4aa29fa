import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001-initial';
import * as identity from './0002-identity';
import * as publishing from './0006-publishing';

/** Migrations in order; names are frozen once released. */
export const migrationProvider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '0001-initial': initial,
      '0002-identity': identity,
      '0006-publishing': publishing,
    };
  },
};

import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001-initial';
import * as identity from './0002-identity';
import * as integrity from './0003-integrity';
import * as identityIssuer from './0004-identity-issuer';
import * as publishing from './0006-publishing';
import * as microapps from './0007-microapps';
import * as mediaFocalPoint from './0008-media-focal-point';
import * as apiKeyExpiry from './0009-api-key-expiry';
import * as siteTargets from './0010-site-targets';
import * as lockLease from './0011-lock-lease';
import * as audit from './0012-audit';
import * as mediaJobs from './0013-media-jobs';
import * as versionDocuments from './0014-version-documents';

/** Migrations in order; names are frozen once released. */
export const migrationProvider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '0001-initial': initial,
      '0002-identity': identity,
      '0003-integrity': integrity,
      '0004-identity-issuer': identityIssuer,
      '0006-publishing': publishing,
      '0007-microapps': microapps,
      '0008-media-focal-point': mediaFocalPoint,
      '0009-api-key-expiry': apiKeyExpiry,
      '0010-site-targets': siteTargets,
      '0011-lock-lease': lockLease,
      '0012-audit': audit,
      '0013-media-jobs': mediaJobs,
      '0014-version-documents': versionDocuments,
    };
  },
};

/**
 * Produces the client's generated types: the server's OpenAPI document (its real routes and
 * TypeBox schemas, built on an in-memory database) turned into TypeScript by openapi-typescript.
 * `npm run generate -w @canopy/client` writes them; a test fails when they drift.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { build } from '../../server/src/app';
import { openDatabase } from '../../server/src/db/index';

export const GENERATED_FILE = new URL('../src/api.gen.ts', import.meta.url);

export async function generateApiTypes(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'canopy-openapi-'));
  const database = await openDatabase({ sqliteFile: ':memory:' });
  const app = await build({
    database,
    logger: false,
    config: { dataDir: dir, publicUrl: 'http://localhost:3000', databaseUrl: undefined },
  });
  try {
    await app.ready();
    const document = app.swagger() as OpenAPI3;
    const ast = await openapiTS(document, { alphabetize: true });
    const source = `// Generated from the server's OpenAPI document: npm run generate -w @canopy/client\n${astToString(ast)}`;
    const options = await resolveConfig(GENERATED_FILE);
    return format(source, { ...options, parser: 'typescript' });
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

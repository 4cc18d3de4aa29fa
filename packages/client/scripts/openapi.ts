/**
 * Produces the client's generated types: the server's OpenAPI document (its real routes and
 * TypeBox schemas, built on an in-memory database) turned into TypeScript by openapi-typescript.
 * `npm run generate -w @canopy/client` writes them; a test fails when they drift.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, stringToAST, type OpenAPI3 } from 'openapi-typescript';
import type ts from 'typescript';
import { format, resolveConfig } from 'prettier';
import { build } from '../../server/src/app';
import { openDatabase } from '../../server/src/db/index';

export const GENERATED_FILE = new URL('../src/api.gen.ts', import.meta.url);

/**
 * A schema the server writes as JSON it does not describe (a stored layout, a site's shared data)
 * names its TypeScript type in `x-canopy-type`, e.g. 'LayoutNode | null', and the module that
 * exports the names in it in `x-canopy-module` (default @canopy/core): the client types it so.
 */
function typeNamedBy(schema: object, imports: Map<string, Set<string>>): ts.TypeNode | undefined {
  const { 'x-canopy-type': named, 'x-canopy-module': module = '@canopy/core' } = schema as {
    'x-canopy-type'?: unknown;
    'x-canopy-module'?: string;
  };
  if (typeof named !== 'string') return undefined;
  const names = imports.get(module) ?? new Set<string>();
  for (const name of named.match(/\b[A-Z]\w*/g) ?? []) names.add(name);
  imports.set(module, names);
  const [alias] = stringToAST(`type T = ${named};`) as ts.TypeAliasDeclaration[];
  return alias!.type;
}

function importsOf(imports: Map<string, Set<string>>): string {
  return [...imports]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, names]) => `import type { ${[...names].sort().join(', ')} } from '${module}';\n`)
    .join('');
}

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
    const imports = new Map<string, Set<string>>();
    const ast = await openapiTS(document, {
      alphabetize: true,
      transform: (schema) => typeNamedBy(schema, imports),
    });
    const source = `// Generated from the server's OpenAPI document: npm run generate -w @canopy/client\n${importsOf(imports)}${astToString(ast)}`;
    const options = await resolveConfig(GENERATED_FILE);
    return format(source, { ...options, parser: 'typescript' });
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

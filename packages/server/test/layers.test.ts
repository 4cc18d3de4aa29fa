/**
 * The server's floors (README, Architecture): the repository's lint configuration refuses an
 * import up a floor and a folder on no floor, and lets an import down or sideways through; and
 * it refuses Kysely's `sql` outside repositories/ and db/, saying where SQL goes.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: repo });

async function messagesOf(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repo}packages/server/src/${file}` });
  return result!.messages
    .filter((message) => message.ruleId === rule)
    .map((message) => message.message);
}

const layerMessages = (file: string, code: string) =>
  messagesOf('layers/no-upward-import', file, code);

describe('server layers', () => {
  it('refuses an import up a floor, naming both floors', async () => {
    expect(
      await layerMessages(
        'repositories/probe.ts',
        "import { releaseLapsedLocks } from '../operations/contents/lapse';\nexport const probe = releaseLapsedLocks;\n",
      ),
    ).toEqual([
      "'operations' is on the operations floor, above repositories (repositories): move what is needed down, or the importer up",
    ]);
    expect(
      await layerMessages('publishing/probe.ts', "export { sitePlugin } from '../plugins/site';\n"),
    ).toEqual([
      "'plugins' is on the HTTP floor, above publishing (services): move what is needed down, or the importer up",
    ]);
  });

  it('refuses a folder that is on no floor', async () => {
    expect(
      await layerMessages('operations/probe.ts', "export * from '../somewhere/new';\n"),
    ).toEqual(["'somewhere' is on no floor: add it to the layers in eslint.config.js"]);
  });

  it('lets imports down a floor and within one through', async () => {
    expect(
      await layerMessages(
        'operations/contents/probe.ts',
        [
          "import { lapseCutoff } from '../../repositories/lock-lease';",
          "import { fail } from '../../errors';",
          "import { releaseLapsedLocks } from './lapse';",
          "import { isPersonalRole } from '../../auth/actor';",
          'export const probe = [lapseCutoff, fail, releaseLapsedLocks, isPersonalRole];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

describe('where SQL is written', () => {
  const probe = "import { sql } from 'kysely';\nexport const probe = sql`select 1`;\n";
  const sqlMessages = (file: string) => messagesOf('no-restricted-imports', file, probe);

  it('refuses sql in an operation or a service, saying where it goes', async () => {
    for (const file of ['operations/contents/probe.ts', 'publishing/probe.ts']) {
      expect(await sqlMessages(file)).toEqual([
        "'sql' import from 'kysely' is restricted. Raw SQL goes into a named function in packages/server/src/repositories/ (or db/ when it is dialect-specific); call that function here.",
      ]);
    }
  });

  it('lets repositories and db write it', async () => {
    expect(await sqlMessages('repositories/probe.ts')).toEqual([]);
    expect(await sqlMessages('db/dialects/postgres/probe.ts')).toEqual([]);
  });
});

/**
 * The server's floors (README, Architecture): the repository's lint configuration refuses an
 * import up a floor and a folder on no floor, and lets an import down or sideways through.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: repo });

async function layerMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repo}packages/server/src/${file}` });
  return result!.messages
    .filter((message) => message.ruleId === 'layers/no-upward-import')
    .map((message) => message.message);
}

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

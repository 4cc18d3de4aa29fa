/** `canopy export` and `canopy import` as a person runs them: the lines they print and their exit codes. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
// The compiled command line (test/setup/server-bundle.global.ts), as `npm start` runs it.
const BIN = resolve(__dirname, '../../dist/canopy.mjs');
const work = mkdtempSync(join(tmpdir(), 'canopy-transfer-cli-'));

async function canopy(dataDir: string, ...args: string[]) {
  const env = { ...process.env, CANOPY_DATA_DIR: join(work, dataDir), DATABASE_URL: '' };
  try {
    const { stdout } = await run(process.execPath, [BIN, ...args], { env });
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}`.trim() };
  }
}

// Each command is a fresh Node process compiling TypeScript: seconds each.
describe('canopy export and import', { timeout: 120_000 }, () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('exports an installation, imports it into an empty one, and refuses a second import', async () => {
    expect(
      (await canopy('source', 'user', 'add', 'nina', '--password', 'a-long-password')).code,
    ).toBe(0);
    const file = join(work, 'backup.canopy.gz');
    const exported = await canopy('source', 'export', file, '--no-media');
    expect(exported.out).toMatch(
      new RegExp(
        `^Exported \\d+ tables \\(\\d+ rows\\) and 0 media files \\(0\\.0 MB\\) to ${file} in \\d+\\.\\d s$`,
      ),
    );

    const imported = await canopy('target', 'import', file);
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(/^Imported \d+ tables \(\d+ rows\) and 0 media files/);
    expect((await canopy('target', 'user', 'list')).out).toMatch(/^nina\tactive\t-\t/m);

    const again = await canopy('target', 'import', file);
    expect(again).toEqual({
      code: 1,
      out: expect.stringMatching(
        /^canopy: The database is not empty \(.+\): import into a new, empty database, or add --force to replace everything in it$/,
      ),
    });
    expect((await canopy('target', 'import', file, '--force')).code).toBe(0);
  });
});

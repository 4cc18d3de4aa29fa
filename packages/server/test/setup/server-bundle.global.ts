/**
 * Vitest global set-up: compiles the server into `packages/server/dist/canopy.mjs` once (about a
 * fifth of a second), the file `npm start` runs. The journeys and the command-line tests start
 * that file, as a person's `npm start` does, instead of loading the TypeScript sources in every
 * process they start. It also names the folder the journeys' seeded data folder goes in.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Where the journeys keep a data folder seeded by this run's compiled server (made by the
     * first journey that needs it, see e2e/harness.ts), removed when the run ends.
     */
    seededDataDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  execFileSync(process.execPath, [resolve(__dirname, '../../scripts/bundle.mjs')], {
    stdio: 'inherit',
  });
  const folder = mkdtempSync(join(tmpdir(), 'canopy-e2e-run-'));
  project.provide('seededDataDir', join(folder, 'seeded'));
  return () => rmSync(folder, { recursive: true, force: true });
}

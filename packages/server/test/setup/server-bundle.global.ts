/**
 * Vitest global set-up: compiles the server into `packages/server/dist/canopy.mjs` once (about a
 * fifth of a second), the file `npm start` runs. The journeys and the command-line tests start
 * that file, as a person's `npm start` does, instead of loading the TypeScript sources in every
 * process they start.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export default function setup(): void {
  execFileSync(process.execPath, [resolve(__dirname, '../../scripts/bundle.mjs')], {
    stdio: 'inherit',
  });
}

// Compiles the server (and @canopy/core) into one JavaScript file for `npm start`: running
// compiled code instead of loading TypeScript at run time saves the loader's memory and start-up
// time. Packages from the registry stay external and load from node_modules.
//
// Arguments `name=path` add entry points compiled the same way beside it (the bench's measured
// server: `bench-serve=bench/lib/serve.ts` gives `dist/bench-serve.mjs`).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const pkg = JSON.parse(readFileSync(here('../package.json'), 'utf8'));
const site = JSON.parse(readFileSync(here('../../site/package.json'), 'utf8'));

await build({
  entryPoints: {
    canopy: here('../src/cli.ts'),
    ...Object.fromEntries(
      process.argv.slice(2).map((argument) => {
        const [name, path] = argument.split('=');
        return [name, resolve(path)];
      }),
    ),
  },
  outdir: here('../dist'),
  outExtension: { '.js': '.mjs' },
  // What the sources load on first use (the HTTP stack for `start`, sharp, jsdom, ...) stays in
  // chunks of its own, so a command such as `canopy token` loads none of it.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...Object.keys(pkg.dependencies), ...Object.keys(site.dependencies)],
  sourcemap: 'linked',
  logLevel: 'warning',
});

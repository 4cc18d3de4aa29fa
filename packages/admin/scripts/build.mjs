// Builds the admin panel into dist/ with Vite when the build is missing or older than any of its
// sources (the admin, ui, client and core packages). `npm start` runs it; `--force` always builds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const admin = fileURLToPath(new URL('..', import.meta.url));
const packages = join(admin, '..');
const sources = [
  join(admin, 'src'),
  join(admin, 'index.html'),
  join(admin, 'vite.config.ts'),
  join(packages, 'ui', 'src'),
  join(packages, 'client', 'src'),
  join(packages, 'core', 'src'),
];
const built = join(admin, 'dist', 'index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const force = process.argv.includes('--force');
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (force || stale) {
  const started = Date.now();
  // A test runner's NODE_ENV=test would otherwise give React's development build.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({
    root: admin,
    mode: 'production',
    configFile: join(admin, 'vite.config.ts'),
    logLevel: 'warn',
  });
  console.log(`Admin panel built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

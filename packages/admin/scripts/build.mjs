// Builds the browser apps with Vite, each when its build is missing or older than any of its
// sources: the admin panel (admin, ui, client, core) and the page editor (page-editor, site, ui,
// client, core, and the site's own components named by CANOPY_SITE_COMPONENTS, whose choice is
// stamped in the build). `npm start` runs it; `--force` always builds.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packages = fileURLToPath(new URL('../..', import.meta.url));
const APPS = [
  { name: 'Admin panel', folder: 'admin', uses: ['ui', 'client', 'core'] },
  {
    name: 'Page editor',
    folder: 'page-editor',
    uses: ['site', 'ui', 'client', 'core'],
    ownComponents: true,
  },
];
const own = process.env.CANOPY_SITE_COMPONENTS ? resolve(process.env.CANOPY_SITE_COMPONENTS) : '';

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const force = process.argv.includes('--force');
// A test runner's NODE_ENV=test would otherwise give React's development build.
process.env.NODE_ENV = 'production';
for (const app of APPS) {
  const root = join(packages, app.folder);
  const sources = [
    join(root, 'src'),
    join(root, 'index.html'),
    join(root, 'vite.config.ts'),
    ...app.uses.map((name) => join(packages, name, 'src')),
    ...(app.ownComponents && own ? [dirname(own)] : []),
  ];
  const built = join(root, 'dist', 'index.html');
  const stamp = join(root, 'dist', 'site-components.txt');
  const otherComponents =
    app.ownComponents && (existsSync(stamp) ? readFileSync(stamp, 'utf8') : '') !== own;
  const stale =
    !existsSync(built) ||
    otherComponents ||
    Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
  if (!force && !stale) continue;
  const started = Date.now();
  const { build } = await import('vite');
  await build({
    root,
    mode: 'production',
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
  });
  if (app.ownComponents) writeFileSync(stamp, own);
  console.log(`${app.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const SITE_COMPONENTS = 'virtual:canopy-site-components';

/**
 * The site's own components (CANOPY_SITE_COMPONENTS, the module a build registers them from) in
 * the editor's bundle, so the page editor shows them as builds do; without it, none.
 */
function siteComponents(): Plugin {
  const own = process.env.CANOPY_SITE_COMPONENTS;
  // Its registering function, as a build takes it: the default export, else `register`.
  const source = own
    ? [
        `import * as own from ${JSON.stringify(resolve(own))};`,
        'const exported = (name) => own[name];',
        "export default exported('default') ?? exported('register');",
      ].join('\n')
    : 'export default undefined;';
  return {
    name: 'canopy-site-components',
    resolveId: (id) => (id === SITE_COMPONENTS ? `\0${id}` : null),
    load: (id) => (id === `\0${SITE_COMPONENTS}` ? source : null),
  };
}

export default defineConfig({
  base: '/admin/page-editor/',
  plugins: [react(), siteComponents()],
  // The site's rich text is shown with a DOM sanitiser instead of sanitize-html and its CSS
  // parser (a fifth of the bundle); see src/sanitize-html-browser.ts.
  resolve: {
    alias: [
      {
        find: 'sanitize-html',
        replacement: fileURLToPath(new URL('./src/sanitize-html-browser.ts', import.meta.url)),
      },
      // A site's components import '@canopy/site': here, its browser part.
      {
        find: /^@canopy\/site$/,
        replacement: fileURLToPath(new URL('../site/src/browser.ts', import.meta.url)),
      },
    ],
    // One React and one copy of the site's code, wherever the components' module lives.
    dedupe: ['react', 'react-dom', '@canopy/site'],
  },
  build: {
    outDir: 'dist',
    // No inline script in index.html: the Content-Security-Policy allows scripts from files only.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1000,
  },
});

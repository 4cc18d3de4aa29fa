import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the Canopy server at /admin/page-editor/{content id}.
export default defineConfig({
  base: '/admin/page-editor/',
  plugins: [react()],
  // The site's rich text is shown with a DOM sanitiser instead of sanitize-html and its CSS
  // parser (a fifth of the bundle); see src/sanitize-html-browser.ts.
  resolve: {
    alias: {
      'sanitize-html': fileURLToPath(new URL('./src/sanitize-html-browser.ts', import.meta.url)),
    },
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

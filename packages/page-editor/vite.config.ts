import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the Canopy server at /admin/page-editor/{content id}.
export default defineConfig({
  base: '/admin/page-editor/',
  plugins: [react()],
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

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the Canopy server at /admin; `npm run dev -w @canopy/admin` proxies the API to it.
export default defineConfig({
  base: '/admin/',
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
  server: {
    proxy: { '/api': 'http://localhost:3000', '/oidc': 'http://localhost:3000' },
  },
});

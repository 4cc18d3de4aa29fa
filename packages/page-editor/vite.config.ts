import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the Canopy server at /admin/page-editor/{content id}.
export default defineConfig({
  base: '/admin/page-editor/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1000,
  },
});

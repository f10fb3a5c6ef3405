// Vite build and dev-server settings for the staff/customer SPA; the dev server proxies the APIs.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': backend,
      '/auth-api': backend,
      '/healthz': backend,
    },
  },
  preview: {
    proxy: {
      '/api': backend,
      '/auth-api': backend,
      '/healthz': backend,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Libraries change less often than the app: their own chunk stays cached across releases.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] } } },
  },
});

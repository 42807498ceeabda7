import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

// The client lives in client/; the built bundle goes to dist/client, which the Node server serves.
export default defineConfig({
  root: path.join(root, 'client'),
  publicDir: path.join(root, 'client/public'),
  plugins: [react()],
  resolve: {
    alias: {
      '#shared': path.join(root, 'shared'),
      '#client': path.join(root, 'client'),
    },
  },
  build: {
    outDir: path.join(root, 'dist/client'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: 'http://localhost:3000', ws: true },
      '/uploads': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
    },
  },
});

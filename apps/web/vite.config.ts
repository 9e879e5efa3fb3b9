import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress.mjs';

const apiServer = 'http://127.0.0.1:3000';

// `vite build --ssr src/entry-server.tsx` (npm run build does it after the browser's build) writes
// the server's entry to the app into dist/.server/, which the server loads and never serves.
export default defineConfig(({ isSsrBuild }) => ({
  // The Android app reads its files from the device: only the web build gets .br and .gz copies.
  plugins: [
    react(),
    ...(process.env.VITE_TARGET === 'android' || isSsrBuild ? [] : [precompressPlugin()]),
  ],
  envPrefix: 'VITE_',
  server: {
    proxy: {
      '/api': apiServer,
      '/healthz': apiServer,
      '/readyz': apiServer,
      // The live panel's socket (WebSocket only) and the tracker script.
      '/socket.io': { target: apiServer, ws: true },
      '/live': apiServer,
      // Catalog images staff upload (the demo's own images are files in public/media/demo).
      '/media/uploads': apiServer,
    },
  },
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist/.server', copyPublicDir: false }
    : {
        target: 'es2022',
        // scripts/check-size.mjs reads the manifest to find what the home page loads.
        manifest: true,
      },
}));

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { persianFontPlugin } from './scripts/persian-font.mjs';
import { precompressPlugin } from './scripts/precompress.mjs';

const apiServer = 'http://127.0.0.1:3000';

/**
 * The one font the first screen is set in (Vazirmatn, one variable file) is asked for with the
 * page, instead of once the CSS that names it has arrived.
 */
function preloadFontPlugin(): Plugin {
  return {
    name: 'vitrin-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) => {
        const font = Object.keys(bundle ?? {}).find((file) =>
          /(^|\/)Vazirmatn[^/]*\.woff2$/.test(file),
        );
        if (!font) return [];
        const attrs = { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2' };
        return [{ tag: 'link', attrs: { ...attrs, crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}

// `vite build --ssr src/entry-server.tsx` (npm run build does it after the browser's build) writes
// the server's entry to the app into dist/.server/, which the server loads and never serves.
//
// The server's entry carries its own React, Mantine and the rest, built for production: left
// external, they would be loaded from node_modules in whatever mode the server's NODE_ENV names,
// and React's development build renders a page several times slower.
export default defineConfig(({ isSsrBuild }) => ({
  // The Android app reads its files from the device: only the web build gets .br and .gz copies.
  plugins: [
    react(),
    persianFontPlugin(),
    preloadFontPlugin(),
    ...(process.env.VITE_TARGET === 'android' || isSsrBuild ? [] : [precompressPlugin()]),
  ],
  envPrefix: 'VITE_',
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
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
        // One stylesheet for the whole app (252 KB raw, 32 KB brotli) instead of one per lazy
        // chunk: a page drawn in the browser appended a <link> for each (43 for the cart),
        // and those appends were the browser's longest task on a phone (decision 0028).
        cssCodeSplit: false,
      },
}));

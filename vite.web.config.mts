// Browser build of the console (renderer/ -> dist-web/). The HTTP host serves dist-web at `/`;
// `npm run serve` rebuilds it through scripts/build-web-if-stale.mjs with this config.
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  root: resolve(import.meta.dirname, 'renderer'),
  // Relative asset URLs, so the same build also loads from file:// or a custom protocol in the desktop app.
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist-web'),
    emptyOutDir: true,
    // The CSP allows data: images only; keep every other asset a file so nothing is inlined into the page.
    assetsInlineLimit: 0,
    // One local bundle read from disk (or loopback): size warnings aimed at websites are noise here.
    chunkSizeWarningLimit: 2048,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
})

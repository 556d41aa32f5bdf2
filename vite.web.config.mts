// Browser build of the console (renderer/ -> dist-web/). The HTTP host serves dist-web at `/`;
// `npm run serve` rebuilds it through scripts/build-web-if-stale.mjs with this config.
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type UserConfig } from 'vite'

const config: UserConfig = {
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
}

export default defineConfig(({ command }) => {
  // A build is always the production console. Vite keeps a NODE_ENV it finds set, and `npm test` sets
  // NODE_ENV=test (vitest): the packed-install test's `npm pack` then built React's development bundle
  // (977 KB instead of 661 KB, long frames when scrolling 10,000 rows) into dist-web/, which `npm run
  // serve` went on serving as up to date.
  if (command === 'build') process.env.NODE_ENV = 'production'
  return config
})

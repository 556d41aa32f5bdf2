// Desktop build (`npm run build` -> out/main, out/preload, out/renderer). The renderer settings mirror
// vite.web.config.mts (the browser build of the same console): keep root, base and assets in step.
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

const here = (path: string) => resolve(__dirname, path)

export default defineConfig({
  main: {
    // Dependencies (better-sqlite3, zod) stay in node_modules; the app's own folders are bundled.
    build: { rolldownOptions: { input: { index: here('electron/main/index.ts') } } },
  },
  preload: {
    // A sandboxed preload can require nothing but `electron`: bundle everything else into one CommonJS
    // file (CommonJS because package.json has no "type"; an ESM preload would need sandbox: false).
    build: { externalizeDeps: false, rolldownOptions: { input: { index: here('electron/preload/index.ts') } } },
  },
  renderer: {
    root: here('renderer'),
    plugins: [react()],
    build: {
      rolldownOptions: { input: here('renderer/index.html') },
      // The CSP allows data: images only; keep every other asset a file so nothing is inlined into the page.
      assetsInlineLimit: 0,
    },
  },
})

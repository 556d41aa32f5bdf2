#!/usr/bin/env node
// The `paydesk` command. The npm package runs the compiled CLI (dist-cli/paydesk.cjs, built by `prepack`)
// on plain Node with only the production dependencies. Inside the repository, where the TypeScript
// sources and tsx are present, it runs the sources through tsx instead, so a stale dist-cli/ left by an
// earlier `npm pack` is never what a developer runs. The desktop app does not use this file.
const { existsSync } = require('node:fs')
const { join } = require('node:path')

const root = join(__dirname, '..')
const source = join(root, 'electron', 'cli', 'index.ts')
const compiled = join(root, 'dist-cli', 'paydesk.cjs')

function tsxAvailable() {
  try {
    require.resolve('tsx/cjs', { paths: [root] })
    return true
  } catch {
    return false
  }
}

if (existsSync(source) && tsxAvailable()) {
  require('tsx/cjs')
  require(source)
} else if (existsSync(compiled)) {
  require(compiled)
} else {
  console.error('paydesk: the compiled CLI (dist-cli/paydesk.cjs) is missing; run `npm pack` or `node scripts/build-cli.mjs` first.')
  process.exit(1)
}

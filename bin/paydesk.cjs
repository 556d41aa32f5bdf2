#!/usr/bin/env node
// The `paydesk` command (`npx paydesk serve …`): runs the TypeScript CLI through tsx's require hook,
// so the headless sandbox needs no build step. The desktop app does not use this file.
require('tsx/cjs')
require('../electron/cli/index.ts')

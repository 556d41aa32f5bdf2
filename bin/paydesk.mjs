#!/usr/bin/env node
// `paydesk` command: runs the TypeScript CLI through tsx (a dev dependency; the desktop app does not need it).
import { register } from 'tsx/esm/api'
import { createRequire } from 'node:module'
register()
const require = createRequire(import.meta.url)
const { register: registerCjs } = require('tsx/cjs/api')
registerCjs()
require('../electron/cli/index.ts')

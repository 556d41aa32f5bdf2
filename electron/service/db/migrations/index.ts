import type Database from 'better-sqlite3'

type Db = Database.Database
import { MIGRATION_001 } from './001-initial'
import { migration002 } from './002-webhook-origin'
import { MIGRATION_003 } from './003-api-requests'
import { MIGRATION_004 } from './004-api-key-version'
import { MIGRATION_005 } from './005-support-desk'
import { MIGRATION_006 } from './006-fault-lab'
import { MIGRATION_007 } from './007-customers'
import { MIGRATION_008 } from './008-ledger-index'
import { MIGRATION_009 } from './009-due-by-second'
import { MIGRATION_010 } from './010-foreign-key-indexes'
import { MIGRATION_011 } from './011-ascending-time-indexes'
import { MIGRATION_012 } from './012-one-phone-index'
import { MIGRATION_013 } from './013-timeline-chain'
import { MIGRATION_014 } from './014-postings-by-entry'
import { MIGRATION_015 } from './015-endpoint-events'
import { MIGRATION_016 } from './016-request-log-bytes'
import { MIGRATION_017 } from './017-webhook-attempt-sent'
import { MIGRATION_018 } from './018-payout-batches'
import { MIGRATION_019 } from './019-back-office'
import { MIGRATION_020 } from './020-team'
import { MIGRATION_021 } from './021-audit-details'
import { MIGRATION_022 } from './022-approval-decided'
import { MIGRATION_023 } from './023-payout-sheet'
import { MIGRATION_024 } from './024-tax-invoice-index'
import { MIGRATION_025 } from './025-upstream'
import { MIGRATION_026 } from './026-upstream-outbox'
import { MIGRATION_027 } from './027-batch-outbox'
import { MIGRATION_028 } from './028-outbox-strict'
import { MIGRATION_029 } from './029-audit-real-time'

/**
 * Applied in order, each once, inside one transaction; `PRAGMA user_version` records the last applied.
 * A migration is SQL, or a function of the connection when it needs more (e.g. computing a backfill in JS).
 */
export type Migration = { version: number; name: string } & ({ sql: string } | { up: (db: Db) => void })

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: MIGRATION_001 },
  { version: 2, name: 'webhook-origin', up: migration002 },
  { version: 3, name: 'api-requests', sql: MIGRATION_003 },
  { version: 4, name: 'api-key-version', sql: MIGRATION_004 },
  { version: 5, name: 'support-desk', sql: MIGRATION_005 },
  { version: 6, name: 'fault-lab', sql: MIGRATION_006 },
  { version: 7, name: 'customers', sql: MIGRATION_007 },
  { version: 8, name: 'ledger-index', sql: MIGRATION_008 },
  { version: 9, name: 'due-by-second', sql: MIGRATION_009 },
  { version: 10, name: 'foreign-key-indexes', sql: MIGRATION_010 },
  { version: 11, name: 'ascending-time-indexes', sql: MIGRATION_011 },
  { version: 12, name: 'one-phone-index', sql: MIGRATION_012 },
  { version: 13, name: 'timeline-chain', sql: MIGRATION_013 },
  { version: 14, name: 'postings-by-entry', sql: MIGRATION_014 },
  { version: 15, name: 'endpoint-events', sql: MIGRATION_015 },
  { version: 16, name: 'request-log-bytes', sql: MIGRATION_016 },
  { version: 17, name: 'webhook-attempt-sent', sql: MIGRATION_017 },
  { version: 18, name: 'payout-batches', sql: MIGRATION_018 },
  { version: 19, name: 'back-office', sql: MIGRATION_019 },
  { version: 20, name: 'team', sql: MIGRATION_020 },
  { version: 21, name: 'audit-details', sql: MIGRATION_021 },
  { version: 22, name: 'approval-decided', sql: MIGRATION_022 },
  { version: 23, name: 'payout-sheet', sql: MIGRATION_023 },
  { version: 24, name: 'tax-invoice-index', sql: MIGRATION_024 },
  { version: 25, name: 'upstream', sql: MIGRATION_025 },
  { version: 26, name: 'upstream-outbox', sql: MIGRATION_026 },
  { version: 27, name: 'batch-outbox', sql: MIGRATION_027 },
  { version: 28, name: 'outbox-strict', sql: MIGRATION_028 },
  { version: 29, name: 'audit-real-time', sql: MIGRATION_029 },
]

import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../electron/service/db/connection'
import { KEPT_SETTINGS, TABLES, TIMER_COLUMNS, schemaTables } from '../../electron/service/db/table-catalogue'
import { queryPlan } from '../support/query-plan'

/**
 * table-catalogue.ts is the one place that says how snapshots and sandbox deletion treat each table.
 * These checks fail when the schema gains a table nobody classified (a merge adding request_log,
 * audit_log, customers, ...), so a restore can never silently skip or wipe it.
 */
const db = openDatabase(':memory:')
const tables = schemaTables(db)
const columnsOf = (table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name)
const parentsOf = (table: string) => (db.prepare(`PRAGMA foreign_key_list(${table})`).all() as { table: string }[]).map((fk) => fk.table)

describe('the table catalogue', () => {
  it('classifies every table of the migrated schema, and only those', () => {
    expect(Object.keys(TABLES).sort()).toEqual([...tables].sort())
    for (const [name, entry] of Object.entries(TABLES)) expect(['state', 'kept', 'derived'], name).toContain(entry.snapshot)
  })

  it('deletes organization data from every table that holds some: an organization_id column or a foreign key into such a table', () => {
    const owned = new Set<string>(['organizations'])
    let grew = true
    while (grew) {
      grew = false
      for (const table of tables) {
        if (owned.has(table)) continue
        if (columnsOf(table).includes('organization_id') || parentsOf(table).some((parent) => owned.has(parent))) {
          owned.add(table)
          grew = true
        }
      }
    }
    for (const table of owned) {
      if (TABLES[table]?.organizationRowsKept) continue
      expect(TABLES[table]?.organization, `${table} holds organization data but has no delete statement`).toEqual(expect.stringContaining(`DELETE FROM ${table} `))
    }
  })

  it('keeps organization rows only where the table refuses deletes, and derives only what triggers maintain', () => {
    const triggers = db.prepare("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'").all() as { tbl_name: string; sql: string }[]
    for (const [table, entry] of Object.entries(TABLES)) {
      if (entry.organizationRowsKept) expect(triggers.some((t) => t.tbl_name === table && /BEFORE DELETE[\s\S]*RAISE/i.test(t.sql)), table).toBe(true)
      if (entry.snapshot === 'derived') expect(triggers.some((t) => t.sql.includes(table.replace(/_(config|data|docsize|idx)$/, ''))), table).toBe(true)
    }
  })

  it('lists children before the tables they reference, so the deletes run in a valid order', () => {
    const order = Object.keys(TABLES)
    for (const table of order) {
      for (const parent of parentsOf(table)) {
        if (parent === table) continue
        expect(order.indexOf(table), `${table} must come before ${parent}`).toBeLessThan(order.indexOf(parent))
      }
    }
  })

  it('gives kept tables no foreign key into state tables (a restore replaces those rows)', () => {
    for (const [table, entry] of Object.entries(TABLES)) {
      if (entry.snapshot !== 'kept') continue
      for (const parent of parentsOf(table)) expect(TABLES[parent]?.snapshot, `${table} -> ${parent}`).not.toBe('state')
    }
  })

  it('gives every foreign key\'s child column an index it leads, so deleting a parent row seeks its children', () => {
    // SQLite checks a deleted parent row by looking up its children: without such an index that is a scan of
    // the whole child table per row deleted (a sandbox delete scanned every transaction per account).
    const scans: string[] = []
    for (const table of tables) {
      for (const fk of db.prepare(`PRAGMA foreign_key_list(${table})`).all() as { from: string; table: string }[]) {
        const plan = queryPlan(db, `SELECT 1 FROM ${table} WHERE ${fk.from} = ?`, [1]).join(' | ')
        if (!/USING (COVERING )?INDEX|INTEGER PRIMARY KEY/.test(plan)) scans.push(`${table}.${fk.from} -> ${fk.table}: ${plan}`)
      }
    }
    expect(scans).toEqual([])
  })

  it('names real timer columns and settings', () => {
    for (const { table, column } of TIMER_COLUMNS) expect(columnsOf(table)).toContain(column)
    expect(KEPT_SETTINGS).toContain('console.token')
  })
})

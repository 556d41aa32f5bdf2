import type { Db } from './connection'
import type { FeeTariff } from '../../../shared/schemas/fees'
import type { OrganizationRow } from './rows'
import type { TableWatch } from './cache/table-watch'

/** An organization as stored: the tariff is JSON text. */
type StoredOrganization = Omit<OrganizationRow, 'fee_tariff'> & { fee_tariff: string | null }

function decode(row: StoredOrganization): OrganizationRow {
  return { ...row, fee_tariff: row.fee_tariff === null ? null : (JSON.parse(row.fee_tariff) as FeeTariff) }
}

export function createOrganizationsRepo(db: Db, watch: TableWatch) {
  const insertStmt = db.prepare('INSERT INTO organizations (id, name, enterprise, fee_tariff, created_at) VALUES (@id, @name, @enterprise, @fee_tariff, @created_at)')
  const getStmt = db.prepare<[string], StoredOrganization>('SELECT * FROM organizations WHERE id = ?')
  const listStmt = db.prepare<[], StoredOrganization>('SELECT * FROM organizations ORDER BY created_at, id')
  const insertShortcodeStmt = db.prepare('INSERT INTO shortcodes (code, organization_id, created_at) VALUES (?, ?, ?)')
  const shortcodesStmt = db.prepare<[string], { code: string }>('SELECT code FROM shortcodes WHERE organization_id = ? ORDER BY code')
  const shortcodeOwnerStmt = db.prepare<[string], { organization_id: string }>('SELECT organization_id FROM shortcodes WHERE code = ?')
  const setTariffStmt = db.prepare('UPDATE organizations SET fee_tariff = ? WHERE id = ?')
  // Every call asks for its organization (authentication, fees): remembered until the table changes.
  const byId = watch.memo([{ table: 'organizations' }], (id) => {
    const row = getStmt.get(id)
    return row && decode(row)
  })
  return {
    insert(row: OrganizationRow): void {
      insertStmt.run({ ...row, fee_tariff: row.fee_tariff === null ? null : JSON.stringify(row.fee_tariff) })
    },
    get(id: string): OrganizationRow | undefined {
      return byId(id)
    },
    list(): OrganizationRow[] {
      return listStmt.all().map(decode)
    },
    addShortcode(code: string, organizationId: string, at: number): void {
      insertShortcodeStmt.run(code, organizationId, at)
    },
    shortcodes(organizationId: string): string[] {
      return shortcodesStmt.all(organizationId).map((r) => r.code)
    },
    shortcodeOwner(code: string): string | undefined {
      return shortcodeOwnerStmt.get(code)?.organization_id
    },
    setFeeTariff(organizationId: string, tariff: FeeTariff | null): void {
      setTariffStmt.run(tariff === null ? null : JSON.stringify(tariff), organizationId)
    },
  }
}
export type OrganizationsRepo = ReturnType<typeof createOrganizationsRepo>

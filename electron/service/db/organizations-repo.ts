import type { Db } from './connection'
import type { OrganizationRow } from './rows'

export function createOrganizationsRepo(db: Db) {
  const insertStmt = db.prepare('INSERT INTO organizations (id, name, enterprise, fee_tariff, created_at) VALUES (@id, @name, @enterprise, @fee_tariff, @created_at)')
  const getStmt = db.prepare<[string], OrganizationRow>('SELECT * FROM organizations WHERE id = ?')
  const listStmt = db.prepare<[], OrganizationRow>('SELECT * FROM organizations ORDER BY created_at, id')
  const insertShortcodeStmt = db.prepare('INSERT INTO shortcodes (code, organization_id, created_at) VALUES (?, ?, ?)')
  const shortcodesStmt = db.prepare<[string], { code: string }>('SELECT code FROM shortcodes WHERE organization_id = ? ORDER BY code')
  const shortcodeOwnerStmt = db.prepare<[string], { organization_id: string }>('SELECT organization_id FROM shortcodes WHERE code = ?')
  const setTariffStmt = db.prepare('UPDATE organizations SET fee_tariff = ? WHERE id = ?')
  return {
    insert(row: OrganizationRow): void {
      insertStmt.run(row)
    },
    get(id: string): OrganizationRow | undefined {
      return getStmt.get(id)
    },
    list(): OrganizationRow[] {
      return listStmt.all()
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
    setFeeTariff(organizationId: string, tariffJson: string | null): void {
      setTariffStmt.run(tariffJson, organizationId)
    },
  }
}
export type OrganizationsRepo = ReturnType<typeof createOrganizationsRepo>

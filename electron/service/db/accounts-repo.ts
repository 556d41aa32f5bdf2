import type { Db } from './connection'
import type { AccountKind, AccountRow } from './rows'

export type NewAccount = Omit<AccountRow, 'id' | 'available' | 'pending'>

export function createAccountsRepo(db: Db) {
  const insertStmt = db.prepare(`INSERT INTO accounts (organization_id, environment, kind, account_no, name, currency, status, is_default,
    host_type, shortcode, bank_name, bank_code, branch_code, swift_code, updated_at)
    VALUES (@organization_id, @environment, @kind, @account_no, @name, @currency, @status, @is_default,
    @host_type, @shortcode, @bank_name, @bank_code, @branch_code, @swift_code, @updated_at)`)
  const byIdStmt = db.prepare<[number], AccountRow>('SELECT * FROM accounts WHERE id = ?')
  const byNoStmt = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE account_no = ?')
  const listStmt = db.prepare<[string, string], AccountRow>(
    "SELECT * FROM accounts WHERE organization_id = ? AND environment = ? AND kind IN ('collections', 'payouts') ORDER BY kind, shortcode IS NOT NULL, account_no",
  )
  const byKindStmt = db.prepare<[string, string, string], AccountRow>(
    'SELECT * FROM accounts WHERE organization_id = ? AND environment = ? AND kind = ? ORDER BY is_default DESC, id',
  )
  const allStmt = db.prepare<[], AccountRow>('SELECT * FROM accounts ORDER BY id')
  return {
    insert(row: NewAccount): AccountRow {
      const id = Number(insertStmt.run(row).lastInsertRowid)
      return byIdStmt.get(id)!
    },
    get(id: number): AccountRow | undefined {
      return byIdStmt.get(id)
    },
    getByNo(accountNo: string): AccountRow | undefined {
      return byNoStmt.get(accountNo)
    },
    /** Non-system accounts of an organization in one environment. */
    list(organizationId: string, environment: string): AccountRow[] {
      return listStmt.all(organizationId, environment)
    },
    /**
     * The account a movement uses: the one in the shortcode's scope when a shortcode is given and has one
     * of that kind, else the default account of that kind.
     */
    resolve(organizationId: string, environment: string, kind: AccountKind, shortcode?: string | null): AccountRow {
      const candidates = byKindStmt.all(organizationId, environment, kind)
      const scoped = shortcode ? candidates.find((a) => a.shortcode === shortcode) : undefined
      const account = scoped ?? candidates.find((a) => a.shortcode === null) ?? candidates[0]
      if (!account) throw new Error(`organization ${organizationId} has no ${kind} account in ${environment}`)
      return account
    },
    all(): AccountRow[] {
      return allStmt.all()
    },
  }
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>

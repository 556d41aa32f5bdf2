import type { Db } from './connection'
import type { AccountKind, AccountRow } from './rows'
import type { TableWatch } from './cache/table-watch'

export type NewAccount = Omit<AccountRow, 'id' | 'available' | 'pending'>

/** What an account is, without what it holds: never stale, unlike balances, so it can be remembered. */
export type AccountIdentity = Omit<AccountRow, 'available' | 'pending' | 'updated_at'>

/** Columns that change with every posting; an UPDATE of only these leaves identities and resolution alone. */
const MOVING_COLUMNS = new Set(['available', 'pending', 'updated_at'])

/** Every statement of the repository, prepared once. */
function statements(db: Db) {
  return {
    insert: db.prepare(`INSERT INTO accounts (organization_id, environment, kind, account_no, name, currency, status, is_default,
    host_type, shortcode, bank_name, bank_code, branch_code, swift_code, updated_at)
    VALUES (@organization_id, @environment, @kind, @account_no, @name, @currency, @status, @is_default,
    @host_type, @shortcode, @bank_name, @bank_code, @branch_code, @swift_code, @updated_at)`),
    byId: db.prepare<[number], AccountRow>('SELECT * FROM accounts WHERE id = ?'),
    byNo: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE account_no = ?'),
    list: db.prepare<[string, string], AccountRow>(
      "SELECT * FROM accounts WHERE organization_id = ? AND environment = ? AND kind IN ('collections', 'payouts') ORDER BY kind, shortcode IS NOT NULL, account_no",
    ),
    byKind: db.prepare<[string, string, string], AccountRow>(
      'SELECT * FROM accounts WHERE organization_id = ? AND environment = ? AND kind = ? ORDER BY is_default DESC, id',
    ),
    all: db.prepare<[], AccountRow>('SELECT * FROM accounts ORDER BY id'),
  }
}
type Statements = ReturnType<typeof statements>

/**
 * Every charge resolves its collections account and its organization's system accounts, and every
 * posting asks what kind of account it touched: remembered until an account is added, removed or
 * changed in anything but its balances (db/table-watch.ts).
 */
function rememberedReads(db: Db, watch: TableWatch, stmt: Statements) {
  const columns = (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('accounts') as string[]).filter((c) => !MOVING_COLUMNS.has(c))
  const accountsTable = [{ table: 'accounts', columns }]
  const identityOf = watch.memo(accountsTable, (id): AccountIdentity | undefined => {
    const row = stmt.byId.get(Number(id))
    if (!row) return undefined
    const { available: _available, pending: _pending, updated_at: _updatedAt, ...identity } = row
    return identity
  })
  const resolvedId = watch.memo(accountsTable, (key) => {
    const [organizationId, environment, kind, shortcode] = key.split('\u0000') as [string, string, AccountKind, string]
    const candidates = stmt.byKind.all(organizationId, environment, kind)
    const scoped = shortcode ? candidates.find((a) => a.shortcode === shortcode) : undefined
    const account = scoped ?? candidates.find((a) => a.shortcode === null) ?? candidates[0]
    if (!account) throw new Error(`organization ${organizationId} has no ${kind} account in ${environment}`)
    return account.id
  })
  const resolveId = (organizationId: string, environment: string, kind: AccountKind, shortcode?: string | null): number =>
    resolvedId(`${organizationId}\u0000${environment}\u0000${kind}\u0000${shortcode ?? ''}`)
  return { identityOf, resolveId }
}

export function createAccountsRepo(db: Db, watch: TableWatch) {
  const stmt = statements(db)
  const { identityOf, resolveId } = rememberedReads(db, watch, stmt)
  return {
    insert(row: NewAccount): AccountRow {
      const id = Number(stmt.insert.run(row).lastInsertRowid)
      return stmt.byId.get(id)!
    },
    get(id: number): AccountRow | undefined {
      return stmt.byId.get(id)
    },
    getByNo(accountNo: string): AccountRow | undefined {
      return stmt.byNo.get(accountNo)
    },
    /** Non-system accounts of an organization in one environment. */
    list(organizationId: string, environment: string): AccountRow[] {
      return stmt.list.all(organizationId, environment)
    },
    /** What the account is (kind, owner, number, ...), without its balances; remembered. */
    identity(id: number): AccountIdentity | undefined {
      return identityOf(String(id))
    },
    /**
     * The id of the account a movement uses: the one in the shortcode's scope when a shortcode is given
     * and has one of that kind, else the default account of that kind. Remembered; throws when the
     * organization has no account of that kind.
     */
    resolveId(organizationId: string, environment: string, kind: AccountKind, shortcode?: string | null): number {
      return resolveId(organizationId, environment, kind, shortcode)
    },
    /** What the account `resolveId` names is (remembered, no balances): enough to book a transaction on it. */
    resolveIdentity(organizationId: string, environment: string, kind: AccountKind, shortcode?: string | null): AccountIdentity {
      return identityOf(String(resolveId(organizationId, environment, kind, shortcode)))!
    },
    /** The account `resolveId` names, as it stands now (balances included). */
    resolve(organizationId: string, environment: string, kind: AccountKind, shortcode?: string | null): AccountRow {
      return stmt.byId.get(resolveId(organizationId, environment, kind, shortcode))!
    },
    all(): AccountRow[] {
      return stmt.all.all()
    },
  }
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>

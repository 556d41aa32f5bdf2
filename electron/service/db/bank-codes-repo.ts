import type { Db } from './connection'

export function createBankCodesRepo(db: Db) {
  const listStmt = db.prepare<[string], { code: string; name: string }>('SELECT code, name FROM bank_codes WHERE country = ? ORDER BY code')
  const getStmt = db.prepare<[string, string], { code: string; name: string }>('SELECT code, name FROM bank_codes WHERE country = ? AND code = ?')
  const insertStmt = db.prepare('INSERT OR REPLACE INTO bank_codes (country, code, name) VALUES (?, ?, ?)')
  return {
    list(country: string) {
      return listStmt.all(country)
    },
    get(country: string, code: string) {
      return getStmt.get(country, code)
    },
    insert(country: string, code: string, name: string): void {
      insertStmt.run(country, code, name)
    },
  }
}

import type { Db } from './connection'
import { TABLES } from './table-catalogue'

/**
 * Deletes an organization and every row of its data in both environments (table-catalogue.ts says how,
 * table by table, children first). Call inside a transaction: a failure leaves the organization whole.
 */
export function createOrganizationDeleter(db: Db) {
  const statements = Object.values(TABLES)
    .map((entry) => entry.organization)
    .filter((sql): sql is string => sql !== null)
    .map((sql) => db.prepare(sql))
  return (organizationId: string): void => {
    for (const statement of statements) statement.run({ org: organizationId })
  }
}

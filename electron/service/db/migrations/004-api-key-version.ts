/**
 * An API key may be pinned to an API release (spec section 9, docs/api.md "API releases"). NULL: the key
 * follows the newest release. Requests may still choose another one with the Paydesk-Api-Version header.
 * No CHECK on the value: the engine validates it (shared/api/api-versions.ts), so a new release needs no
 * table rebuild, and an unknown stored value is treated as "newest".
 */
export const MIGRATION_004 = `
ALTER TABLE api_keys ADD COLUMN api_version TEXT;
`

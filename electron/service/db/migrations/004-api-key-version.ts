/**
 * An API key may be pinned to an API release (spec section 9, docs/api.md "API releases"). NULL: the key
 * follows the newest release. Requests may still choose another one with the Paydesk-Api-Version header.
 */
export const MIGRATION_004 = `
ALTER TABLE api_keys ADD COLUMN api_version TEXT CHECK (api_version IS NULL OR api_version IN ('1.0.0', '1.0.1', '1.0.2'));
`

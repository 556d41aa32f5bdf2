import type { Environment } from '../../../shared/schemas/common'

/** Who is calling: an organization in one environment, through an API key or the console. */
export interface Principal {
  organizationId: string
  environment: Environment
  via: 'apiKey' | 'console'
  keyId: string | null
  /** The key's display prefix (`sk_test_AbCd…wxyz`), never the secret; null for the console. */
  keyPrefix: string | null
  /** The release the API key is pinned to (null: none, or the console). */
  pinnedApiVersion: string | null
}

/** The organization and environment a piece of work belongs to. */
export type Scope = Pick<Principal, 'organizationId' | 'environment'>

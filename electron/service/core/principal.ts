import type { Environment } from '../../../shared/schemas/common'
import type { Actor } from '../../../shared/schemas/team'

/** Who is calling: an organization in one environment, through an API key or the console. */
export interface Principal {
  organizationId: string
  environment: Environment
  /** `anonymous`: no credential, on a route any caller may use (signing in). */
  via: 'apiKey' | 'console' | 'anonymous'
  keyId: string | null
  /** The key's display prefix (`sk_test_AbCd…wxyz`), never the secret; null for the console. */
  keyPrefix: string | null
  /** The release the API key is pinned to (null: none, or the console). */
  pinnedApiVersion: string | null
  /** Who acts: a signed-in user, `automation` (the console token), the local console, or the API key. */
  actor: Actor
  /** The sign-in session the call came with, if any (signing out ends it). */
  sessionId: string | null
}

/** The organization and environment a piece of work belongs to. */
export type Scope = Pick<Principal, 'organizationId' | 'environment'>

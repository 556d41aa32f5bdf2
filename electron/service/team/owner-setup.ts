import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Store } from '../db/store'
import { sha256Hex } from '../core/ids'

/**
 * The first start of a team server: with no enabled owner there is nobody to sign in, so the host prints a
 * one-time setup link (`/?setup=<token>`) that opens "Create the owner". The token lives in this process
 * only, and no token works once an enabled owner exists: the link is dead as soon as it served.
 */
export interface OwnerSetup {
  /** The setup token while no enabled owner exists (made once per process), else null. */
  token(): string | null
  /** Whether `presented` is the setup token and an owner may still be created with it. */
  accepts(presented: string): boolean
}

export function createOwnerSetup(store: Store): OwnerSetup {
  let token: string | null = null
  const ownerExists = () => store.users.list().some((user) => user.role === 'owner' && user.disabled_at === null)
  return {
    token() {
      if (ownerExists()) return null
      token ??= `pds_setup_${randomBytes(24).toString('base64url')}`
      return token
    },
    accepts(presented) {
      if (token === null || ownerExists()) return false
      return timingSafeEqual(Buffer.from(sha256Hex(presented), 'hex'), Buffer.from(sha256Hex(token), 'hex'))
    },
  }
}

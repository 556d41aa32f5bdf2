import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../shared/errors'
import { authenticate } from '../../electron/service/pipeline/auth'
import { CONSOLE_TOKEN, TEST_KEY, testService } from '../support/harness'

/**
 * Credentials are compared in constant time. A test cannot measure constant time reliably (a timing test
 * on a shared CI machine would be noise or flaky), so this checks the structure that gives it
 * (docs/security.md "Timing"): every comparison of a presented secret is timingSafeEqual over fixed-size
 * SHA-256 digests, never ===, startsWith or a loop that stops at the first differing character; and the
 * path through authenticate() makes the same comparisons whatever prefix of the secret a guess gets right.
 */
const compared = vi.hoisted(() => ({ calls: [] as [number, number][] }))
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>()
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.calls.push([a.byteLength, b.byteLength])
      return actual.timingSafeEqual(a, b)
    },
  }
})

const source = readFileSync(resolve(__dirname, '../../electron/service/pipeline/auth.ts'), 'utf8')
const { service } = testService()
afterAll(() => service.close())
beforeEach(() => {
  compared.calls.length = 0
})

/** The comparisons authenticate() made for one presented bearer, and whether it was refused. */
function attempt(bearer: string): { refused: boolean; calls: [number, number][] } {
  compared.calls.length = 0
  try {
    authenticate(service.internals.store, CONSOLE_TOKEN, { bearer }, Date.now(), { teamMode: false, wallNow: Date.now() })
    return { refused: false, calls: [...compared.calls] }
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'unauthorized') throw error
    return { refused: true, calls: [...compared.calls] }
  }
}

/** Guesses that share 0, 1, half, and all but one of the secret's characters, plus shorter and longer ones. */
function guesses(secret: string, keepPrefix = ''): string[] {
  const flip = (c: string) => (c === 'a' ? 'b' : 'a')
  const at = (i: number) => `${secret.slice(0, i)}${flip(secret[i]!)}${secret.slice(i + 1)}`
  const start = keepPrefix.length
  return [at(start), at(start + 1), at(Math.floor(secret.length / 2)), at(secret.length - 1), secret.slice(0, -1), `${secret}a`, `${keepPrefix}${'a'.repeat(40)}`]
}

describe('structure of auth.ts', () => {
  it('compares secrets only with timingSafeEqual over SHA-256 digests', () => {
    expect(source).toMatch(/import \{[^}]*timingSafeEqual[^}]*\} from 'node:crypto'/)
    // The presented token is hashed once; its digest is compared with the console token's digest.
    expect(source).toMatch(/const hash = sha256Hex\(token\)/)
    expect(source).toMatch(/timingSafeEqual\(Buffer\.from\(hash, 'hex'\), consoleTokenDigest\(consoleToken\)\)/)
    expect(source).toMatch(/digest = Buffer\.from\(sha256Hex\(consoleToken\), 'hex'\)/)
    // API keys are looked up by their digest (what leaks through an index lookup is about the hash, not the key).
    expect(source).toMatch(/findByHash\(hash\)/)
  })

  it('never compares a presented secret with ===, ==, startsWith, indexOf or includes', () => {
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
    const secretNames = /\b(token|consoleToken|key_hash|hash|bearer)\b/
    const direct = code.split('\n').filter((line) => /(===|!==|==|!=)/.test(line) && secretNames.test(line))
    // The only allowed ones test presence (`token === undefined || token === ''`), which says nothing about the secret.
    expect(direct.map((line) => line.trim())).toEqual(["if (token === undefined || token === '') {"])
    expect(code).not.toMatch(/\b(token|consoleToken|hash)\.(startsWith|endsWith|indexOf|includes|localeCompare)\(/)
  })
})

describe('what authenticate() compares', () => {
  it('the console token: one 32-byte digest comparison whatever the guess shares with it', () => {
    const results = guesses(CONSOLE_TOKEN).map(attempt)
    for (const result of results) {
      expect(result.refused).toBe(true)
      expect(result.calls[0]).toEqual([32, 32])
    }
    // Same comparisons for a near-miss and a far miss: no early exit on the first wrong character.
    expect(new Set(results.map((r) => JSON.stringify(r.calls))).size).toBe(1)
    expect(attempt(CONSOLE_TOKEN)).toEqual({ refused: false, calls: [[32, 32]] })
  })

  it('API keys: the same comparisons for every wrong key of the right shape, however much of the real key it shares', () => {
    const wrong = guesses(TEST_KEY, 'sk_test_').filter((guess) => /^sk_test_[A-Za-z0-9]{8,128}$/.test(guess)).map(attempt)
    expect(wrong.length).toBeGreaterThanOrEqual(5)
    for (const result of wrong) expect(result.refused).toBe(true)
    expect(new Set(wrong.map((r) => JSON.stringify(r.calls))).size).toBe(1)
    const right = attempt(TEST_KEY)
    expect(right.refused).toBe(false)
    // The console-token check first, then the stored digest against the presented one: both 32 bytes.
    expect(right.calls).toEqual([[32, 32], [32, 32]])
  })
})

import type { Environment } from '../../../shared/schemas/common'
import { CURRENCY } from '../../../shared/money'
import type { AccountKind, AccountRow } from '../db/rows'
import { KE_BANK_CODES } from '../db/bank-codes-ke'
import { newTransaction } from '../db/new-transaction'
import type { Store } from '../db/store'
import { topUp } from '../ledger/postings'
import { sha256Hex } from '../core/ids'
import type { Unit } from '../core/unit'
import { SETTINGS } from '../db/settings-registry'

const ENVIRONMENTS: readonly Environment[] = ['test', 'live']
const KIND_DIGIT: Record<AccountKind, string> = { collections: '1', payouts: '2', external: '8', fees: '9' }

export interface ProvisionOptions {
  name: string
  enterprise: boolean
  /** Dedicated shortcode with a payouts account in shortcode scope (enterprise organizations). */
  shortcode?: string
  /** Opening payouts float per environment, minor units. */
  openingFloatMinor: number
  /** Fixed keys (QA); otherwise random ones are generated. */
  testKey?: string
  liveKey?: string
  testWebhookSecret?: string
  liveWebhookSecret?: string
  /**
   * Accounts given by a scenario file: they replace the generated collections or payouts accounts of their
   * kind and environment (the first of each is the default); each opening balance is booked as an opening
   * float. Kinds and environments not listed get generated accounts as before.
   */
  accounts?: readonly ProvisionAccount[]
}

export interface ProvisionAccount {
  environment: Environment
  kind: 'collections' | 'payouts'
  accountNo: string
  available: number
  shortcode?: string
  name?: string
}

export interface ProvisionedOrganization {
  organizationId: string
  testKey: string
  liveKey: string
}

function nextAccountNo(store: Store, environment: Environment, kind: AccountKind): string {
  const seq = store.settings.get(SETTINGS.accountsSeq) + 1
  store.settings.set(SETTINGS.accountsSeq, seq)
  return `${environment === 'live' ? '1' : '2'}${KIND_DIGIT[kind]}${String(seq).padStart(8, '0')}`
}

/** How a key is shown after its creation: its start and end, never the whole secret. */
export const keyPrefix = (key: string) => `${key.slice(0, 12)}…${key.slice(-4)}`

export function insertApiKey(unit: Unit, organizationId: string, environment: Environment, key: string, label: string) {
  const { store, ids, now } = unit
  const row = {
    id: ids.apiKeyId(),
    organization_id: organizationId,
    environment,
    prefix: keyPrefix(key),
    key_hash: sha256Hex(key),
    label,
    created_at: now,
    last_used_at: null,
    revoked_at: null,
  }
  store.apiKeys.insert(row)
  return row
}

/**
 * Creates an organization with everything it needs in both environments: collections and payouts
 * accounts (plus a shortcode-scoped payouts account when given a shortcode), system accounts for the
 * ledger, an opening float, a webhook secret and API keys. One SQLite transaction.
 */
export function provisionOrganization(unit: Unit, options: ProvisionOptions): ProvisionedOrganization {
  const { store, ids, now } = unit
  return store.transaction(() => {
    const organizationId = ids.organization()
    store.organizations.insert({ id: organizationId, name: options.name, enterprise: options.enterprise ? 1 : 0, fee_tariff: null, created_at: now })
    if (options.shortcode) store.organizations.addShortcode(options.shortcode, organizationId, now)
    const keys: Record<Environment, string> = {
      test: options.testKey ?? ids.apiKey('test'),
      live: options.liveKey ?? ids.apiKey('live'),
    }
    for (const environment of ENVIRONMENTS) {
      const account = (kind: AccountKind, name: string, extra: { shortcode?: string; isDefault?: boolean; accountNo?: string } = {}) =>
        store.accounts.insert({
          organization_id: organizationId, environment, kind, account_no: extra.accountNo ?? nextAccountNo(store, environment, kind), name,
          currency: CURRENCY, status: 'active', is_default: extra.isDefault ? 1 : 0,
          host_type: kind === 'collections' || kind === 'payouts' ? 'own' : null, shortcode: extra.shortcode ?? null,
          // The spec shows bank details only on live payout accounts.
          bank_name: environment === 'live' && kind === 'payouts' ? 'Kenya Commercial Bank' : null,
          bank_code: environment === 'live' && kind === 'payouts' ? '01' : null,
          branch_code: environment === 'live' && kind === 'payouts' ? '091' : null,
          swift_code: environment === 'live' && kind === 'payouts' ? 'KCBLKENX' : null,
          updated_at: now,
        })
      const floats: { target: AccountRow; amount: number }[] = []
      for (const kind of ['collections', 'payouts'] as const) {
        const given = (options.accounts ?? []).filter((a) => a.environment === environment && a.kind === kind)
        given.forEach((a, index) => {
          if (a.shortcode && !store.organizations.shortcodeOwner(a.shortcode)) store.organizations.addShortcode(a.shortcode, organizationId, now)
          const target = account(kind, a.name ?? `${options.name} ${kind}${a.shortcode ? ` (shortcode ${a.shortcode})` : ''}`, { isDefault: index === 0, accountNo: a.accountNo, shortcode: a.shortcode })
          if (a.available > 0) floats.push({ target, amount: a.available })
        })
        if (given.length > 0) continue
        const generated = account(kind, `${options.name} ${kind}`, { isDefault: true })
        if (kind === 'payouts' && options.openingFloatMinor > 0) floats.push({ target: generated, amount: options.openingFloatMinor })
      }
      const external = account('external', 'External (customers and banks)')
      account('fees', 'Provider fees')
      if (options.shortcode) {
        floats.push({ target: account('payouts', `${options.name} payouts (shortcode ${options.shortcode})`, { shortcode: options.shortcode }), amount: options.openingFloatMinor })
      }
      for (const { target, amount } of floats) {
        const tx = store.transactions.insert(newTransaction({
          public_id: ids.transaction(), organization_id: organizationId, environment, type: 'bank_deposit', status: 'completed',
          account_id: target.id, account_type: target.kind === 'collections' ? 'collections' : 'payouts', amount, charged_amount: amount,
          payment_method: 'bank', narration: 'Opening float', message: 'Float top-up completed', shortcode: target.shortcode,
          result_code: '0', created_at: now,
        }))
        store.ledger.post(tx, topUp(target.id, external.id, amount), now)
      }
      const fixedSecret = environment === 'test' ? options.testWebhookSecret : options.liveWebhookSecret
      const secret = fixedSecret ?? ids.webhookSecret()
      store.webhooks.saveEndpoint({ organization_id: organizationId, environment, default_url: null, events: null, secret, previous_secret: null, previous_secret_expires_at: null })
      insertApiKey(unit, organizationId, environment, keys[environment], 'Default key')
    }
    return { organizationId, testKey: keys.test, liveKey: keys.live }
  })
}

export interface SeedOptions {
  apiKey?: string
  liveApiKey?: string
  webhookSecret?: string
  consoleToken?: string
  /** Creates the primary organization instead of the demo one (a scenario file), inside the seeding transaction. */
  provisionPrimary?: (unit: Unit) => ProvisionedOrganization
}

export interface SeedResult {
  demoOrganizationId: string
  /** Keys shown in clear: new ones, or the fixed ones the host was given. Absent when they exist only hashed. */
  testKey?: string
  liveKey?: string
  consoleToken: string
  testWebhookSecret: string
  freshDatabase: boolean
}

export const DEMO_SHORTCODE = '600100'

function addFixedKeys(unit: Unit, organizationId: string, options: SeedOptions): void {
  const { store } = unit
  for (const [environment, key] of [['test', options.apiKey], ['live', options.liveApiKey]] as const) {
    if (key && !store.apiKeys.findByHash(sha256Hex(key))) insertApiKey(unit, organizationId, environment, key, 'Fixed by host')
  }
}

/** Seeds a fresh database with the demo organization and bank codes; on an existing one, applies fixed keys and secrets. */
export function seedDatabase(unit: Unit, options: SeedOptions): SeedResult {
  const { store, ids } = unit
  return store.transaction(() => {
    let demoOrganizationId = store.settings.get(SETTINGS.demoOrganizationId)
    const freshDatabase = demoOrganizationId === null
    let testKey = options.apiKey
    let liveKey = options.liveApiKey
    if (demoOrganizationId === null) {
      for (const [code, name] of KE_BANK_CODES) store.bankCodes.insert('KE', code, name)
      const demo = options.provisionPrimary?.(unit) ?? provisionOrganization(unit, {
        name: 'Demo Merchant Ltd', enterprise: true, shortcode: DEMO_SHORTCODE, openingFloatMinor: 50_000_000,
        testKey: options.apiKey, liveKey: options.liveApiKey, testWebhookSecret: options.webhookSecret,
      })
      demoOrganizationId = demo.organizationId
      store.settings.set(SETTINGS.demoOrganizationId, demoOrganizationId)
      testKey = demo.testKey
      liveKey = demo.liveKey
      // A scenario made the organization with its own keys; keys the host fixed work as well.
      if (options.provisionPrimary) addFixedKeys(unit, demoOrganizationId, options)
    } else {
      addFixedKeys(unit, demoOrganizationId, options)
      const endpoint = store.webhooks.endpoint(demoOrganizationId, 'test')
      if (options.webhookSecret && endpoint && endpoint.secret !== options.webhookSecret) {
        store.webhooks.saveEndpoint({ ...endpoint, secret: options.webhookSecret, previous_secret: null, previous_secret_expires_at: null })
      }
    }
    let consoleToken = options.consoleToken ?? store.settings.get(SETTINGS.consoleToken)
    if (consoleToken === null) {
      consoleToken = ids.consoleToken()
      store.settings.set(SETTINGS.consoleToken, consoleToken)
    }
    const testWebhookSecret = store.webhooks.endpoint(demoOrganizationId, 'test')!.secret
    return { demoOrganizationId, testKey, liveKey, consoleToken, testWebhookSecret, freshDatabase }
  })
}

import type { Environment } from '../../../shared/schemas/common'
import type { Scenario, ScenarioHistoryTransaction, ScenarioOrganization } from '../../../shared/schemas/scenario'
import { newTransaction } from '../db/new-transaction'
import type { TransactionRow } from '../db/rows'
import { computeFee, DEFAULT_TARIFF } from '../domain/fees'
import { replaceFaultConfig } from '../faults/state'
import { completeCharge, completePayout, reservePayout, settleCharge } from '../ledger/postings'
import { moveMoney } from '../ledger/move-money'
import { atTime, type Unit } from '../core/unit'
import { provisionOrganization, type ProvisionedOrganization } from '../seed/provisioning'
import { saveOutcomeRules } from '../lifecycle/outcome-rules'
import { processorReference } from '../lifecycle/result'
import { updateSimulator } from '../lifecycle/simulator-settings'

const DAY_MS = 24 * 60 * 60 * 1000

/** A scenario that parsed but cannot be applied (an account that cannot pay its history, ...); `path` names the field. */
export class ScenarioApplyError extends Error {
  constructor(readonly path: (string | number)[], message: string) {
    super(message)
    this.name = 'ScenarioApplyError'
  }
}

/** `organization:` or `organizations:`; the top-level apiKeys, webhooks, accounts and faults belong to the first. */
export function scenarioOrganizations(scenario: Scenario): ScenarioOrganization[] {
  const listed = scenario.organizations ?? [scenario.organization ?? { name: 'Scenario Merchant', enterprise: true }]
  return listed.map((org, index) => index > 0 ? org : {
    ...org,
    apiKeys: { ...scenario.apiKeys, ...org.apiKeys },
    webhooks: scenario.webhooks || org.webhooks ? { ...scenario.webhooks, ...org.webhooks } : undefined,
    accounts: scenario.accounts || org.accounts ? [...(scenario.accounts ?? []), ...(org.accounts ?? [])] : undefined,
    faults: scenario.faults || org.faults ? { ...scenario.faults, ...org.faults } : undefined,
  })
}

/** Where a top-level list lives in the file: `organizations[i].accounts` or, for the first, also `accounts`. */
function accountNoCheck(scenario: Scenario): void {
  const seen = new Set<string>()
  const check = (accounts: readonly { accountNo: string }[] | undefined, path: (string | number)[]) => accounts?.forEach((account, i) => {
    if (seen.has(account.accountNo)) throw new ScenarioApplyError([...path, i, 'accountNo'], `account number ${account.accountNo} is used twice`)
    seen.add(account.accountNo)
  })
  check(scenario.accounts, ['accounts'])
  check(scenario.organization?.accounts, ['organization', 'accounts'])
  scenario.organizations?.forEach((org, i) => check(org.accounts, ['organizations', i, 'accounts']))
}

function historyRow(unit: Unit, orgId: string, t: ScenarioHistoryTransaction, index: number): TransactionRow {
  const { store, ids, now } = unit
  const kind = t.type === 'charge' ? 'collections' : 'payouts'
  const account = t.accountNo ? store.accounts.getByNo(t.accountNo) : store.accounts.resolve(orgId, t.environment, kind)
  if (!account || account.organization_id !== orgId || account.environment !== t.environment || account.kind !== kind) {
    throw new ScenarioApplyError(['transactions', index, 'accountNo'], `no ${kind} account ${t.accountNo ?? ''} in the ${t.environment} environment of this organization`)
  }
  if (t.type === 'b2c' && t.status === 'settled') throw new ScenarioApplyError(['transactions', index, 'status'], 'a b2c payout is completed or failed, never settled')
  const at = now - Math.round(t.daysAgo * DAY_MS)
  const fees = computeFee(DEFAULT_TARIFF, t.type === 'charge' ? 'charge' : 'b2c', t.amount)
  const ok = t.status !== 'failed'
  return store.transactions.insert(newTransaction({
    public_id: ids.transaction(), organization_id: orgId, environment: t.environment, type: t.type === 'charge' ? 'charge' : 'transfer',
    status: t.status, account_id: account.id, account_type: kind, merchant_transaction_id: t.merchantTransactionId ?? null, amount: t.amount,
    charged_amount: t.type === 'charge' ? t.amount : t.amount + fees, fees,
    processor_reference: ok ? processorReference(ids, 'mobile') : null, phone_number: t.phoneNumber, narration: t.narration ?? null,
    message: ok ? (t.status === 'settled' ? 'Funds settled to the collections account' : 'The service request is processed successfully.') : 'Request cancelled by user.',
    shortcode: account.shortcode, result_code: ok ? '0' : '1032', created_at: at,
  }))
}

/**
 * Books one history transaction through the ledger (move-money), as the simulator would have: a completed
 * charge pays collections `pending`, a settled one moves on to `available`, a completed b2c is reserved
 * and paid out of the float. The webhook URL is set only after the history, so nothing is sent for the past.
 */
function bookHistory(outer: Unit, orgId: string, t: ScenarioHistoryTransaction, index: number): void {
  const row = historyRow(outer, orgId, t, index)
  if (t.status === 'failed') return
  // The money moves at the history row's own time.
  const unit = atTime(outer, row.created_at)
  const { store } = unit
  const external = store.accounts.resolve(orgId, t.environment, 'external')
  const feesAccount = store.accounts.resolve(orgId, t.environment, 'fees')
  if (t.type === 'charge') {
    moveMoney(unit, row, completeCharge(row.account_id, external.id, feesAccount.id, row.amount, row.fees))
    if (t.status === 'settled') moveMoney(unit, row, settleCharge(row.account_id, row.amount - row.fees))
    return
  }
  const payouts = store.accounts.get(row.account_id)!
  if (payouts.available < row.amount + row.fees) {
    throw new ScenarioApplyError(['transactions', index, 'amount'], `payouts account ${payouts.account_no} holds ${payouts.available}, too little for ${row.amount} plus fee ${row.fees}`)
  }
  moveMoney(unit, row, reservePayout(row.account_id, row.amount, row.fees))
  moveMoney(unit, row, completePayout(row.account_id, external.id, feesAccount.id, row.amount, row.fees))
}

export interface AppliedScenario {
  primary: ProvisionedOrganization
  organizationIds: string[]
}

/**
 * Applies a scenario to a fresh database, inside the caller's SQLite transaction: organizations with
 * their accounts, keys, webhook endpoints and fault lab rules, the simulator settings, customers, outcome rules and history.
 * The first organization is the one the console acts for.
 */
export function applyScenario(unit: Unit, scenario: Scenario): AppliedScenario {
  const { store, now } = unit
  accountNoCheck(scenario)
  const orgs = scenarioOrganizations(scenario)
  const provisioned = orgs.map((org, i) => {
    try {
      return provisionOrganization(unit, {
        name: org.name, enterprise: org.enterprise, openingFloatMinor: org.accounts ? 0 : 50_000_000,
        testKey: org.apiKeys?.test, liveKey: org.apiKeys?.live,
        testWebhookSecret: org.webhooks?.secret, liveWebhookSecret: org.webhooks?.live?.secret,
        accounts: org.accounts?.map((a) => ({ environment: a.environment, kind: a.type, accountNo: a.accountNo, available: a.available, shortcode: a.shortcode, name: a.name })),
      })
    } catch (error) {
      // SQLite's UNIQUE constraints: the same key in two organizations, a shortcode another organization holds.
      const path = scenario.organizations ? ['organizations', i] : ['organization']
      throw new ScenarioApplyError(path, `organization "${org.name}" cannot be created: ${error instanceof Error ? error.message : String(error)}`)
    }
  })
  scenario.transactions?.forEach((t, index) => {
    const orgIndex = t.organization === undefined ? 0 : orgs.findIndex((o) => o.name === t.organization)
    if (orgIndex < 0) throw new ScenarioApplyError(['transactions', index, 'organization'], `no organization named "${t.organization}" in this scenario`)
    bookHistory(unit, provisioned[orgIndex]!.organizationId, t, index)
  })
  orgs.forEach((org, i) => {
    const urls: [Environment, string | undefined][] = [['test', org.webhooks?.url], ['live', org.webhooks?.live?.url]]
    for (const [environment, url] of urls) {
      const endpoint = store.webhooks.endpoint(provisioned[i]!.organizationId, environment)
      if (url && endpoint) store.webhooks.saveEndpoint({ ...endpoint, default_url: url })
      // The fault lab's own switch (what PUT /console/faults/* saves through), after the history: no past event is faulted.
      const faults = org.faults?.[environment]
      if (faults) replaceFaultConfig(unit, { organizationId: provisioned[i]!.organizationId, environment }, faults)
    }
  })
  if (scenario.simulator) updateSimulator(unit, scenario.simulator)
  for (const c of scenario.customers ?? []) {
    store.customers.upsert({ phone_number: c.phoneNumber, name: c.name ?? null, balance: c.balance, daily_limit: c.dailyLimit, status: c.status, created_at: now, updated_at: now })
  }
  saveOutcomeRules(unit, scenario.outcomes ?? [])
  return { primary: provisioned[0]!, organizationIds: provisioned.map((p) => p.organizationId) }
}

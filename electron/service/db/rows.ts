import type { Metadata, SubMerchantDetails, TransactionStatus, TransactionType } from '../../../shared/schemas/common'
import type { FeeTariff } from '../../../shared/schemas/fees'

export type { TransactionStatus, TransactionType }

/**
 * Records as the repositories return them: snake_case columns, enums typed with the API's zod enums,
 * JSON columns decoded by the repository that reads them (their stored text never leaves db/).
 */
export interface OrganizationRow {
  id: string
  name: string
  enterprise: 0 | 1
  /** The console's fee tariff (JSON in SQLite); null: the default tariff. */
  fee_tariff: FeeTariff | null
  created_at: number
}

export interface ApiKeyRow {
  id: string
  organization_id: string
  environment: 'test' | 'live'
  prefix: string
  key_hash: string
  label: string
  created_at: number
  last_used_at: number | null
  revoked_at: number | null
  /** The API release the key is pinned to (migration 004); NULL or absent: the newest. */
  api_version?: string | null
}

export type AccountKind = 'collections' | 'payouts' | 'external' | 'fees'

export interface AccountRow {
  id: number
  organization_id: string
  environment: 'test' | 'live'
  kind: AccountKind
  account_no: string
  name: string
  currency: string
  status: 'active' | 'suspended'
  is_default: 0 | 1
  host_type: 'own' | 'partner' | null
  shortcode: string | null
  bank_name: string | null
  bank_code: string | null
  branch_code: string | null
  swift_code: string | null
  available: number
  pending: number
  updated_at: number
}

export interface TransactionRow {
  id: number
  public_id: string
  organization_id: string
  environment: 'test' | 'live'
  type: TransactionType
  status: TransactionStatus
  account_id: number
  account_type: 'collections' | 'payouts'
  merchant_transaction_id: string | null
  amount: number
  charged_amount: number | null
  fees: number
  currency: string
  payment_method: 'mobile_money' | 'bank'
  processor: 'mobile' | 'partnerbank'
  processor_reference: string | null
  phone_number: string | null
  narration: string | null
  message: string | null
  customer_id: string | null
  metadata: Metadata | null
  sub_merchant_id: string | null
  sub_merchant_details: SubMerchantDetails | null
  shortcode: string | null
  webhook_url: string | null
  counterparty: Counterparty | null
  related_id: number | null
  result_code: string | null
  outcome: PlannedOutcome | null
  due_at: number | null
  settle_due_at: number | null
  created_at: number
  updated_at: number
  /** The newest entry of its timeline (migration 013: entries are chained, not indexed); set by transactions-repo. */
  last_event_id: number | null
}

/**
 * Every column of `transactions` but `id`, in the table's order: both INSERTs are built from it (the
 * repository's and the bulk one of seeded history, history-writer.ts), and transactions-repo.ts checks its
 * whole-row reads against it.
 */
export const TRANSACTION_COLUMNS = [
  'public_id', 'organization_id', 'environment', 'type', 'status', 'account_id', 'account_type', 'merchant_transaction_id', 'amount',
  'charged_amount', 'fees', 'currency', 'payment_method', 'processor', 'processor_reference', 'phone_number', 'narration', 'message',
  'customer_id', 'metadata', 'sub_merchant_id', 'sub_merchant_details', 'shortcode', 'webhook_url', 'counterparty', 'related_id',
  'result_code', 'outcome', 'due_at', 'settle_due_at', 'created_at', 'updated_at', 'last_event_id',
] as const satisfies readonly (keyof Omit<TransactionRow, 'id'>)[]

/** The JSON columns of `transactions`: text in SQLite, decoded by db/transaction-json.ts for the repositories. */
export const TRANSACTION_JSON_COLUMNS = ['metadata', 'sub_merchant_details', 'counterparty', 'outcome'] as const
type TransactionJsonColumn = (typeof TRANSACTION_JSON_COLUMNS)[number]
/** A transaction as SQLite holds it (JSON columns as text): only db/ sees it. */
export type StoredTransactionRow = Omit<TransactionRow, TransactionJsonColumn> & { [K in TransactionJsonColumn]: string | null }

export interface TransactionEventRow {
  id: number
  transaction_id: number
  status: TransactionStatus
  message: string | null
  at: number
}

/** One posting of a movement, as ledger/postings.ts makes them and ledger-repo.ts writes them. */
export interface Posting {
  accountId: number
  bucket: 'available' | 'pending'
  amount: number
}

export interface PostingRow {
  id: number
  transaction_id: number
  account_id: number
  bucket: 'available' | 'pending'
  amount: number
  created_at: number
  /** The timeline entry of the state change that moved it (migration 014: postings are found through the timeline). */
  event_id: number
}

/** Who the money went to or came from, stored as JSON on payouts. */
export interface Counterparty {
  kind: 'till' | 'paybill' | 'bank'
  accountNumber: string
  beneficiary?: string | null
  bankCode?: string
  bankName?: string
  accountName?: string
  branchCode?: string | null
  senderAddress?: string
  paymentPurposeId?: string | null
}

/** The columns the main shape reads; list queries fetch only these (transactions-repo.ts); views/transaction.ts shapes them. */
export const TRANSACTION_VIEW_COLUMNS = [
  'public_id', 'merchant_transaction_id', 'status', 'message', 'amount', 'charged_amount', 'currency', 'account_type', 'type',
  'payment_method', 'processor', 'processor_reference', 'phone_number', 'narration', 'customer_id', 'fees', 'metadata',
  'sub_merchant_id', 'sub_merchant_details', 'created_at', 'updated_at',
] as const satisfies readonly (keyof TransactionRow)[]
export type TransactionViewRow = Pick<TransactionRow, (typeof TRANSACTION_VIEW_COLUMNS)[number]>

/** What the simulated processor will answer, decided when the transaction is accepted and stored with it. */
export interface PlannedOutcome {
  result: 'success' | 'failed' | 'never'
  resultCode: string
  message: string
  /**
   * Interactive mode: the customer's answer is awaited in the console. Until someone answers, the stored
   * outcome is the timeout (1037) that happens if nobody does; answering replaces it.
   */
  prompt?: true
  /**
   * Decided by the caller (`forceStatus`) or a scenario's outcome rule, not by the simulated customer:
   * a forced success completes even when the customer's wallet cannot cover it (customers.ts).
   */
  forced?: true
}

/** A transaction to insert: the repository (or the history writer) links its timeline (`last_event_id`). */
export type NewTransaction = Omit<TransactionRow, 'id' | 'last_event_id'>

/** Fields a state change may set alongside the status. */
export type TransactionUpdate = Partial<Pick<TransactionRow,
  'message' | 'processor_reference' | 'result_code' | 'due_at' | 'settle_due_at' | 'outcome' | 'related_id' | 'fees' | 'charged_amount' | 'amount'>>

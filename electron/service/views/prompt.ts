import type { Prompt } from '../../../shared/schemas/simulator'
import type { TransactionRow } from '../db/rows'

/** A charge's open push prompt, as the console's handset shows it (lifecycle/prompts.ts). */
export function toPrompt(row: TransactionRow): Prompt {
  return {
    transactionId: row.public_id, phoneNumber: row.phone_number ?? '', amount: row.amount,
    merchantTransactionId: row.merchant_transaction_id, narration: row.narration, createdAt: row.created_at, expiresAt: row.due_at ?? row.created_at,
  }
}

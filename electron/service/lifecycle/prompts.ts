import type { PromptAnswer } from '../../../shared/schemas/simulator'
import type { TransactionRow } from '../db/rows'
import type { Unit } from '../core/unit'
import { finalizeIfDue } from './finalize'
import { OUTCOMES, type PlannedOutcome } from './plan'

/**
 * Interactive mode: a charge's push prompt waits for the customer's answer, which QA gives in the console.
 * Until then the stored outcome is the timeout (1037) that `due_at` (acceptance + 60 s) brings if nobody
 * answers; an answer replaces that outcome and finalizes the charge at once.
 */
export function isAwaitingPrompt(row: TransactionRow): boolean {
  return row.type === 'charge' && row.status === 'pending' && row.outcome?.prompt === true
}

/** What each console answer means on the customer's phone. */
export const PROMPT_ANSWERS: Record<PromptAnswer, PlannedOutcome> = {
  approve: OUTCOMES.success,
  wrong_pin: OUTCOMES.wrong_pin,
  cancel: OUTCOMES.cancelled,
}

/**
 * Records the customer's answer and finalizes the charge in the caller's SQLite transaction. The caller
 * has checked that the prompt is still open (awaiting, not yet expired).
 */
export function answerPrompt(ctx: Unit, row: TransactionRow, answer: PromptAnswer): TransactionRow {
  ctx.store.transactions.patch(row, ctx.now, { outcome: PROMPT_ANSWERS[answer], due_at: ctx.now })
  const finalized = finalizeIfDue(ctx, row.id)
  if (!finalized) throw new Error(`prompt ${row.public_id} did not finalize after its answer`)
  return finalized
}
